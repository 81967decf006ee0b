import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from "react";
import { Icon, type IconName } from "./icon";
import { t } from "~/features/i18n/messages/ui";

export const TOAST_KINDS = ["success", "info", "warn", "error"] as const;
export type ToastKind = (typeof TOAST_KINDS)[number];
/** Spec section 9: a toast closes after 3000 ms unless it sets its own lifetime. */
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

const KIND_STYLE: Record<ToastKind, { box: string; icon: IconName; iconColour: string }> = {
  success: { box: "border-success/40 bg-success-soft", icon: "check", iconColour: "text-success" },
  info: { box: "border-info/40 bg-info-soft", icon: "info", iconColour: "text-info" },
  warn: { box: "border-warning/40 bg-warning-soft", icon: "warning", iconColour: "text-warning" },
  error: { box: "border-danger/40 bg-danger-soft", icon: "warning", iconColour: "text-danger" },
};

/** The classes of a toast's box, with its kind's colours. */
export function toastBoxClass(kind: ToastKind): string {
  return `pointer-events-auto flex w-full items-start gap-3 rounded-card border px-4 py-3 text-sm text-ink shadow-lg ${KIND_STYLE[kind].box}`;
}

/** What a toast says: its kind's icon, the kind for screen readers, and the message. */
export function ToastBody({ kind, message }: ToastMessage) {
  const style = KIND_STYLE[kind];
  return (
    <>
      <Icon name={style.icon} className={`mt-0.5 size-5 shrink-0 ${style.iconColour}`} />
      <span className="sr-only">{t("ui.toast.kind_prefix", { kind: t(`ui.toast.${kind}`) })}</span>
      <span className="min-w-0 flex-1 font-medium">{message}</span>
    </>
  );
}

/**
 * The toast area, bottom-right of the app shell (spec section 2). Its region (React Aria's, in
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
          <div role="status" className="fixed right-4 bottom-4 left-4 z-(--z-toast) sm:left-auto sm:w-96 animate-toast-expire">
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
