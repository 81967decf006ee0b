import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while the page is server HTML (and during hydration), true once React runs in the browser. Lets a
 * form keep its submit button for visitors without JavaScript and drop it when changes submit themselves, and
 * lets an enhancement (a drop zone, the back office's shortcuts) say nothing of itself until it works.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
