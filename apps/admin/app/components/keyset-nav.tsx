import { Link } from "react-router";

/** "Newest" and "Older" links of a list the API pages by keyset (see lib/keyset-list.ts). */
export function KeysetNav({
  label,
  links,
  newestLabel = "Newest",
  olderLabel = "Older",
}: {
  label: string;
  links: { older: string | null; newest: string | null };
  newestLabel?: string;
  olderLabel?: string;
}) {
  if (!links.older && !links.newest) return null;
  return (
    <nav aria-label={label} className="mt-4 flex gap-4 text-sm">
      {links.newest ? <Link to={links.newest}>{newestLabel}</Link> : null}
      {links.older ? <Link to={links.older}>{olderLabel}</Link> : null}
    </nav>
  );
}
