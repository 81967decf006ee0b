import { useId, type ReactNode } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";
import type { IconName } from "./icon";
import { t } from "~/lib/i18n/messages/ui";

/** The confirm dialog is 640 px wide (docs/storefront-behaviour/interface.md). */
export const CONFIRM_DIALOG_WIDTH_CLASS = "max-w-[640px]";

/**
 * A yes-or-no question: 640 px wide, not draggable, with a header, a close button, an
 * optional icon and message, and reject and accept buttons. Closing it any way is a reject.
 */
export function ConfirmDialog({
  isOpen,
  title,
  message,
  icon,
  acceptLabel,
  rejectLabel = t("ui.dialog.cancel"),
  onAccept,
  onReject,
  isPending = false,
}: {
  isOpen: boolean;
  title: ReactNode;
  message?: ReactNode;
  icon?: IconName;
  acceptLabel: string;
  rejectLabel?: string;
  onAccept: () => void;
  onReject: () => void;
  /** While the accepted action runs: both buttons wait. */
  isPending?: boolean;
}) {
  const messageId = useId();
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onReject}
      role="alertdialog"
      title={title}
      icon={icon}
      widthClass={CONFIRM_DIALOG_WIDTH_CLASS}
      describedBy={message ? messageId : undefined}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={onReject} disabled={isPending}>
            {rejectLabel}
          </Button>
          <Button type="button" onClick={onAccept} disabled={isPending}>
            {acceptLabel}
          </Button>
        </>
      }
    >
      {message ? (
        <p id={messageId} className="leading-relaxed">
          {message}
        </p>
      ) : null}
    </Dialog>
  );
}
