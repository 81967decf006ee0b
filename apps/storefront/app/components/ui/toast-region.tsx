import { useEffect } from "react";
import {
  Button as AriaButton,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as AriaToastRegion,
} from "react-aria-components";
import { Icon } from "./icon";
import { ToastBody, toastBoxClass } from "./toast-body";
import type { QueuedToast, ToastMessage } from "./toast-types";
import { MAX_SHOWN_TOASTS, toastsClosedBy } from "./toast-policy";
import { t } from "~/lib/i18n/messages/ui";

/** React Aria's queue for the tab; toast.tsx hands it each toast once this region has connected. */
const queue = new ToastQueue<ToastMessage>({ maxVisibleToasts: MAX_SHOWN_TOASTS });

/** Shows a toast, first closing the shown ones it replaces (toastsClosedBy says which), so none waits hidden. */
function addToast({ toast, timeoutMs }: QueuedToast) {
  const shown = queue.visibleToasts.map((visible) => ({ key: visible.key, toast: visible.content }));
  toastsClosedBy(toast, shown).forEach((key) => queue.close(key));
  queue.add(toast, { timeout: timeoutMs });
}

/**
 * The toasts on screen, on React Aria's toast region: a landmark named Notifications, each toast closing
 * after its lifetime (paused while hovered or focused) or on its Dismiss button. Loaded by ToastArea
 * (toast.tsx) the first time a toast is shown.
 */
export default function ToastRegion({ connect }: { connect: (show: (queued: QueuedToast) => void) => () => void }) {
  useEffect(() => connect(addToast), [connect]);

  return (
    <AriaToastRegion queue={queue} aria-label={t("ui.toast.region")} className="toast-area flex flex-col-reverse gap-2 outline-none">
      {({ toast: queued }) => (
        <Toast toast={queued} className={toastBoxClass(queued.content.kind)}>
          <ToastContent className="flex min-w-0 flex-1 items-start gap-3">
            <Text slot="title" className="contents">
              <ToastBody {...queued.content} />
            </Text>
          </ToastContent>
          <AriaButton
            slot="close"
            aria-label={t("ui.toast.dismiss")}
            className="-m-1 rounded-control p-1 text-ink-muted hover:bg-ink/5 hover:text-ink"
          >
            <Icon name="close" className="size-4" />
          </AriaButton>
        </Toast>
      )}
    </AriaToastRegion>
  );
}
