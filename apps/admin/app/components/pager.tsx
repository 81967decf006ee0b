import { Link } from "react-router";

/**
 * Numbered pages of a list the API pages by number (returns, customers): "Previous", "Page 2 of 7", "Next", each a
 * link keeping the list's other filters.
 */
export function Pager({
  search,
  pageNumber,
  totalPages,
  label,
}: {
  search: string;
  pageNumber: number;
  totalPages: number;
  label: string;
}) {
  if (totalPages <= 1) return null;
  const to = (page: number) => {
    const params = new URLSearchParams(search);
    params.set("page", String(page));
    return `?${params}`;
  };
  return (
    <nav aria-label={label} className="mt-4 flex items-center gap-4 text-sm">
      {pageNumber > 1 ? <Link to={to(pageNumber - 1)}>Previous page</Link> : null}
      <span>
        Page {pageNumber} of {totalPages}
      </span>
      {pageNumber < totalPages ? <Link to={to(pageNumber + 1)}>Next page</Link> : null}
    </nav>
  );
}

/** The page number the address asks for (`page`), within 1 and `max`. */
export function pageNumberOf(url: URL, max = 10_000): number {
  const page = Number(url.searchParams.get("page"));
  return Number.isInteger(page) && page >= 1 && page <= max ? page : 1;
}
