import type { ToastMessage } from "./toast-types";

/*
 * Which toasts stay on screen when a new one comes. Only the toast region (loaded the first time a toast is
 * shown) needs it, so it lives apart from toast.tsx, which every page carries.
 */

/** At most this many toasts are on screen at once: two stacked toasts are read at a glance, four cover the page. */
export const MAX_SHOWN_TOASTS = 2;

/** A toast on screen, by the key its region gave it. */
export interface ShownToast {
  key: string;
  toast: ToastMessage;
}

/**
 * Which shown toasts a new one closes (their keys). A new toast replaces a shown one of the same kind (the
 * newer message is the one that holds now), a success also closes shown errors and warnings (the shopper's
 * last action went through, so an older failure beside it would only mislead), and of what is left the
 * oldest go until, with the new toast, no more than MAX_SHOWN_TOASTS are on screen. `shown` is newest first.
 */
export function toastsClosedBy(incoming: ToastMessage, shown: ShownToast[]): string[] {
  const replaced = (toast: ToastMessage) =>
    toast.kind === incoming.kind || (incoming.kind === "success" && (toast.kind === "error" || toast.kind === "warn"));
  const kept = shown.filter(({ toast }) => !replaced(toast));
  const closed = shown.filter(({ toast }) => replaced(toast)).map(({ key }) => key);
  return [...closed, ...kept.slice(MAX_SHOWN_TOASTS - 1).map(({ key }) => key)];
}
