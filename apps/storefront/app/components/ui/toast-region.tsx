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
import { ToastBody, toastBoxClass, type QueuedToast, type ToastMessage } from "./toast";
import { t } from "~/features/i18n/messages/ui";

/** React Aria's queue for the tab; toast.tsx hands it each toast once this region has connected. */
const queue = new ToastQueue<ToastMessage>({ maxVisibleToasts: 5 });

/**
 * The toasts on screen, on React Aria's toast region: a landmark named Notifications, each toast closing
 * after its lifetime (paused while hovered or focused) or on its Dismiss button. Loaded by ToastArea
 * (toast.tsx) the first time a toast is shown.
 */
export default function ToastRegion({ connect }: { connect: (show: (queued: QueuedToast) => void) => () => void }) {
  useEffect(() => connect(({ toast, timeoutMs }) => queue.add(toast, { timeout: timeoutMs })), [connect]);

  return (
    <AriaToastRegion
      queue={queue}
      aria-label={t("ui.toast.region")}
      className="fixed right-4 bottom-4 left-4 z-(--z-toast) flex flex-col-reverse gap-2 outline-none sm:left-auto sm:w-96"
    >
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
