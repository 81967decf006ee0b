// What a toast is, shared by toast.tsx, its lazily loaded region (toast-region.tsx) and its policy.

export const TOAST_KINDS = ["success", "info", "warn", "error"] as const;
export type ToastKind = (typeof TOAST_KINDS)[number];
/** A toast closes after 3000 ms unless it sets its own lifetime (docs/storefront-behaviour/interface.md). */
export const TOAST_LIFETIME_MS = 3000;

export interface ToastMessage {
  kind: ToastKind;
  message: string;
}

/** A toast delivered through a redirect (see lib/flash.server.ts); `id` makes showing it idempotent. */
export interface FlashToast extends ToastMessage {
  id: string;
}

/** A toast on its way to the region, with how long it stays once shown. */
export interface QueuedToast {
  toast: ToastMessage;
  timeoutMs: number;
}
