import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from "react";
import { TOAST_LIFETIME_MS, type FlashToast, type QueuedToast, type ToastMessage } from "./toast-types";
import { ToastBody, toastBoxClass } from "./toast-body";

// The kinds, the message shapes and the box live in leaf modules that the lazily loaded region imports too.
export { TOAST_KINDS, TOAST_LIFETIME_MS, type FlashToast, type QueuedToast, type ToastKind, type ToastMessage } from "./toast-types";
export { ToastBody, toastBoxClass } from "./toast-body";

/*
 * The toasts of the browser tab. The region that shows them (toast-region.tsx, on React Aria) loads the
 * first time a toast is queued: until it has connected, toasts wait here, in order. On the server nothing
 * is ever added (showToast is a no-op there), so nothing is shared between requests.
 */
const waiting: QueuedToast[] = [];
let deliver: ((queued: QueuedToast) => void) | null = null;
let regionWanted = false;
const regionListeners = new Set<() => void>();

/** A toast as the region queues it: its own lifetime when it sets one, else the default 3000 ms. */
export function queuedToastOf(toast: ToastMessage, options: { lifetimeMs?: number } = {}): QueuedToast {
  return { toast, timeoutMs: options.lifetimeMs ?? TOAST_LIFETIME_MS };
}

/** Shows a toast. Call it from event handlers and effects; on the server use a flash (lib/flash.server.ts). */
export function showToast(toast: ToastMessage, options: { lifetimeMs?: number } = {}): void {
  if (typeof document === "undefined") return;
  const queued = queuedToastOf(toast, options);
  if (deliver) {
    deliver(queued);
    return;
  }
  waiting.push(queued);
  if (!regionWanted) {
    regionWanted = true;
    regionListeners.forEach((listener) => listener());
  }
}

export const toast = {
  success: (message: string) => showToast({ kind: "success", message }),
  info: (message: string) => showToast({ kind: "info", message }),
  warn: (message: string) => showToast({ kind: "warn", message }),
  error: (message: string) => showToast({ kind: "error", message }),
};

/** Called by the region once it shows toasts: what waited is handed over, and later toasts go straight to it. */
function connectRegion(show: (queued: QueuedToast) => void): () => void {
  deliver = show;
  waiting.splice(0).forEach(show);
  return () => {
    if (deliver === show) deliver = null;
  };
}

function subscribeToRegion(listener: () => void) {
  regionListeners.add(listener);
  return () => regionListeners.delete(listener);
}

const ToastRegion = lazy(() => import("./toast-region"));

/**
 * The toast area, bottom-right of the app shell (app.css's .toast-area says where it goes on
 * a phone and beside a summary column). Its region (React Aria's, in
 * toast-region.tsx) loads the first time a toast is shown, so pages that show none never load it. A
 * flashed toast is added once per id; without JavaScript it is rendered statically inside <noscript>
 * and fades out after the same lifetime with CSS.
 */
export function ToastArea({ flash }: { flash: FlashToast | null }) {
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (flash && shown.current !== flash.id) {
      shown.current = flash.id;
      showToast(flash);
    }
  }, [flash]);
  const wanted = useSyncExternalStore(
    subscribeToRegion,
    () => regionWanted,
    () => false,
  );

  return (
    <>
      {flash ? (
        <noscript>
          <div role="status" className="toast-area animate-toast-expire">
            <div className={toastBoxClass(flash.kind)}>
              <ToastBody kind={flash.kind} message={flash.message} />
            </div>
          </div>
        </noscript>
      ) : null}
      {wanted ? (
        <Suspense fallback={null}>
          <ToastRegion connect={connectRegion} />
        </Suspense>
      ) : null}
    </>
  );
}
