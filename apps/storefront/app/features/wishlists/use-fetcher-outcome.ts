import { useEffect, useRef } from "react";
import type { FetcherWithComponents } from "react-router";

/**
 * Calls `onOutcome` once for each answer a fetcher receives, after the loaders it revalidated have
 * reloaded (so the root's favourites already reflect the change when the toast shows).
 */
export function useFetcherOutcome<T>(fetcher: FetcherWithComponents<T>, onOutcome: (outcome: T) => void): void {
  const handled = useRef<unknown>(undefined);
  const callback = useRef(onOutcome);
  // Effects run in order: the latest callback is in place before the one below reads it.
  useEffect(() => {
    callback.current = onOutcome;
  });
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === undefined || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    callback.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}
