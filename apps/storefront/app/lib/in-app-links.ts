import { useCallback, type MouseEvent } from "react";
import { useNavigate } from "react-router";

/**
 * Client-side navigation for the plain `<a href>` links inside one element: a single click handler on the
 * element instead of a React Router `<Link>` per link. A `<Link>` resolves its path and sets up its own
 * click handler on every render, which for the header's and footer's hundred links was about a quarter of
 * a page's server render (issue 9); a plain anchor costs nothing to render, works without JavaScript, and
 * with it still navigates without reloading the page.
 *
 * Like `<Link>`, it leaves alone what the browser should handle: modified or non-primary clicks (new tab,
 * new window, download), links with a target or a download attribute, and links to other origins.
 */
export function useInAppLinkClick() {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = event.target instanceof Element ? event.target.closest("a") : null;
      if (!anchor || !event.currentTarget.contains(anchor) || !isInAppLink(anchor, window.location.origin)) return;
      event.preventDefault();
      void navigate(`${anchor.pathname}${anchor.search}${anchor.hash}`);
    },
    [navigate],
  );
}

/** Whether the router may follow this link itself: same origin, same window, no download. */
export function isInAppLink(anchor: Pick<HTMLAnchorElement, "href" | "origin" | "target" | "hasAttribute">, origin: string): boolean {
  if (!anchor.href || anchor.hasAttribute("download")) return false;
  if (anchor.target && anchor.target !== "_self") return false;
  return anchor.origin === origin;
}

/** `aria-current="page"` for a link to the page being shown (what `<NavLink end>` sets). */
export const currentPage = (href: string, pathname: string) => (href === pathname ? ("page" as const) : undefined);
