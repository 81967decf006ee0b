import { useEffect, useRef, useState } from "react";
import { Link, PrefetchPageLinks, useHref, type LinkProps } from "react-router";
import { createPrefetchLimiter } from "~/lib/prefetch-limiter";

/** At most 5 route prefetches run at once; the rest wait (docs/storefront-behaviour/layout-and-navigation.md). */
export const ROUTE_PREFETCH_LIMIT = 5;
/** As React Router's own prefetch="intent": a pointer passing over a link for less than this prefetches nothing. */
const INTENT_DELAY_MS = 100;
/** A prefetch whose end was never seen gives its slot back after this, so a lost event cannot block the others. */
const SLOT_TIMEOUT_MS = 10_000;

/** One queue for the whole page: every PrefetchLink shares its five slots. */
const routePrefetches = createPrefetchLimiter(ROUTE_PREFETCH_LIMIT);

type PrefetchState = "idle" | "queued" | "loading" | "done";

/** The path React Router fetches a page's data from (its single-fetch URL, without the query). */
export function dataPathOf(pathname: string): string {
  return pathname === "/" ? "/_root.data" : `${pathname.replace(/\/$/, "")}.data`;
}

/** The prefetch of `href`'s data that PrefetchPageLinks put in the document, if it needed one. */
function findDataPrefetch(href: string): HTMLLinkElement | undefined {
  const dataPath = dataPathOf(new URL(href, window.location.origin).pathname);
  return [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"][as="fetch"]')].find(
    (link) => new URL(link.href).pathname === dataPath,
  );
}

/**
 * A link that prefetches its page (data and modules) when the shopper shows intent (hover, focus, touch), as
 * React Router's `prefetch="intent"` does, but through a page-wide queue: at most ROUTE_PREFETCH_LIMIT routes'
 * prefetches run at once. Past the limit a link waits its turn, and leaves the queue if the intent ends first.
 * A prefetch holds its slot until the browser has fetched the page's data (the `<link rel="prefetch">`'s load
 * or error), or at once for a page with no data to fetch. The link's `data-prefetch` tells where it is:
 * queued, loading or done.
 */
export function PrefetchLink({ onMouseEnter, onMouseLeave, onFocus, onBlur, onTouchStart, ...props }: Omit<LinkProps, "prefetch">) {
  const href = useHref(props.to, { relative: props.relative });
  const [state, setState] = useState<PrefetchState>("idle");
  const stateRef = useRef<PrefetchState>("idle");
  const wanted = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const leaveQueue = useRef<(() => void) | undefined>(undefined);
  const release = useRef<(() => void) | undefined>(undefined);

  const moveTo = (next: PrefetchState) => {
    stateRef.current = next;
    setState(next);
  };

  const showIntent = () => {
    wanted.current = true;
    if (stateRef.current !== "idle" || timer.current !== undefined) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      moveTo("queued");
      leaveQueue.current = routePrefetches.request((done) => {
        leaveQueue.current = undefined;
        release.current = done;
        moveTo("loading");
      });
    }, INTENT_DELAY_MS);
  };

  const endIntent = () => {
    wanted.current = false;
    clearTimeout(timer.current);
    timer.current = undefined;
    if (stateRef.current === "queued") {
      leaveQueue.current?.();
      leaveQueue.current = undefined;
      moveTo("idle");
    } else if (stateRef.current === "done") {
      moveTo("idle");
    }
    // A prefetch under way keeps its slot until it ends: the limit counts what the browser is fetching.
  };

  // While loading: wait for the data's prefetch to end, then give the slot back.
  useEffect(() => {
    if (state !== "loading") return;
    const finish = () => {
      release.current?.();
      release.current = undefined;
      moveTo(wanted.current ? "done" : "idle");
    };
    const link = findDataPrefetch(href);
    if (!link) {
      finish();
      return;
    }
    link.addEventListener("load", finish);
    link.addEventListener("error", finish);
    const fallback = setTimeout(finish, SLOT_TIMEOUT_MS);
    return () => {
      link.removeEventListener("load", finish);
      link.removeEventListener("error", finish);
      clearTimeout(fallback);
    };
  }, [state, href]);

  // Gone from the page: out of the queue, and its slot back.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      leaveQueue.current?.();
      release.current?.();
    },
    [],
  );

  return (
    <>
      <Link
        {...props}
        prefetch="none"
        data-prefetch={state === "idle" ? undefined : state}
        onMouseEnter={(event) => {
          onMouseEnter?.(event);
          if (!event.defaultPrevented) showIntent();
        }}
        onFocus={(event) => {
          onFocus?.(event);
          if (!event.defaultPrevented) showIntent();
        }}
        onTouchStart={(event) => {
          onTouchStart?.(event);
          if (!event.defaultPrevented) showIntent();
        }}
        onMouseLeave={(event) => {
          onMouseLeave?.(event);
          if (!event.defaultPrevented) endIntent();
        }}
        onBlur={(event) => {
          onBlur?.(event);
          if (!event.defaultPrevented) endIntent();
        }}
      />
      {state === "loading" || state === "done" ? <PrefetchPageLinks page={href} /> : null}
    </>
  );
}
