import { useEffect, useRef } from "react";
import {
  Button as AriaButton,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from "react-aria-components";
import { Icon, type IconName } from "./icon";

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

/*
 * One queue for the browser tab. On the server nothing is ever added to it (showToast is a no-op there,
 * and the region renders nothing during SSR), so it is never shared between requests.
 */
const queue = new ToastQueue<ToastMessage>({ maxVisibleToasts: 5 });

/** Shows a toast. Call it from event handlers and effects; on the server use a flash (lib/flash.server.ts). */
export function showToast(toast: ToastMessage, options: { lifetimeMs?: number } = {}): void {
  if (typeof document === "undefined") return;
  queue.add(toast, { timeout: options.lifetimeMs ?? TOAST_LIFETIME_MS });
}

export const toast = {
  success: (message: string) => showToast({ kind: "success", message }),
  info: (message: string) => showToast({ kind: "info", message }),
  warn: (message: string) => showToast({ kind: "warn", message }),
  error: (message: string) => showToast({ kind: "error", message }),
};

const KIND_STYLE: Record<ToastKind, { box: string; icon: IconName; iconColour: string; label: string }> = {
  success: { box: "border-success/40 bg-success-soft", icon: "check", iconColour: "text-success", label: "Success" },
  info: { box: "border-info/40 bg-info-soft", icon: "info", iconColour: "text-info", label: "Information" },
  warn: { box: "border-warning/40 bg-warning-soft", icon: "warning", iconColour: "text-warning", label: "Warning" },
  error: { box: "border-danger/40 bg-danger-soft", icon: "warning", iconColour: "text-danger", label: "Error" },
};

const toastBox = "pointer-events-auto flex w-full items-start gap-3 rounded-card border px-4 py-3 text-sm text-ink shadow-lg";

function ToastBody({ kind, message }: ToastMessage) {
  const style = KIND_STYLE[kind];
  return (
    <>
      <Icon name={style.icon} className={`mt-0.5 size-5 shrink-0 ${style.iconColour}`} />
      <span className="sr-only">{style.label}: </span>
      <span className="min-w-0 flex-1 font-medium">{message}</span>
    </>
  );
}

/**
 * The toast area, bottom-right of the app shell (spec section 2), built on React Aria's toast region.
 * A flashed toast is added once per id; without JavaScript it is rendered statically inside <noscript>
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

  return (
    <>
      {flash ? (
        <noscript>
          <div role="status" className="fixed right-4 bottom-4 left-4 z-(--z-toast) sm:left-auto sm:w-96 animate-toast-expire">
            <div className={`${toastBox} ${KIND_STYLE[flash.kind].box}`}>
              <ToastBody kind={flash.kind} message={flash.message} />
            </div>
          </div>
        </noscript>
      ) : null}
      <ToastRegion
        queue={queue}
        aria-label="Notifications"
        className="fixed right-4 bottom-4 left-4 z-(--z-toast) flex flex-col-reverse gap-2 outline-none sm:left-auto sm:w-96"
      >
        {({ toast: queued }) => (
          <Toast toast={queued} className={`${toastBox} ${KIND_STYLE[queued.content.kind].box}`}>
            <ToastContent className="flex min-w-0 flex-1 items-start gap-3">
              <Text slot="title" className="contents">
                <ToastBody {...queued.content} />
              </Text>
            </ToastContent>
            <AriaButton slot="close" aria-label="Dismiss" className="-m-1 rounded-control p-1 text-ink-muted hover:bg-ink/5 hover:text-ink">
              <Icon name="close" className="size-4" />
            </AriaButton>
          </Toast>
        )}
      </ToastRegion>
    </>
  );
}
