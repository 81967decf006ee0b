import { useId } from "react";
import { Button as AriaButton, Dialog as AriaDialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import type { DialogProps } from "./dialog-props";
import { Icon } from "./icon";
import { t } from "~/lib/i18n/messages/ui";

/**
 * The modal itself, on React Aria's ModalOverlay, Modal and Dialog: focus is trapped inside and restored on close,
 * Escape closes, the page behind is inert and does not scroll. Header with title, optional subtitle and icon and a
 * close button; content; footer. Overlay and panel stack in the shop's stacking order (overlay 1000, modal 1100:
 * docs/storefront-behaviour/interface.md). It is fixed in place, never draggable. `Dialog` (dialog.tsx) loads it the
 * first time a dialog opens, so React Aria's overlay code is not among any page's first scripts.
 */
export default function DialogModal({
  isOpen,
  onClose,
  title,
  subtitle,
  icon,
  role = "dialog",
  widthClass = "max-w-lg",
  children,
  footer,
  describedBy,
}: DialogProps) {
  const subtitleId = useId();
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isDismissable={role === "dialog"}
      className="fixed inset-0 z-(--z-overlay) flex items-center justify-center overflow-y-auto bg-ink/50 p-4"
    >
      <Modal className={`relative z-(--z-modal) w-full ${widthClass} rounded-card bg-surface text-ink shadow-xl`}>
        <AriaDialog
          role={role}
          aria-describedby={describedBy ?? (subtitle ? subtitleId : undefined)}
          className="flex max-h-[calc(100dvh-2rem)] flex-col outline-none"
        >
          <header className="flex items-start gap-3 border-b border-line px-5 py-4 sm:px-6">
            {icon ? <Icon name={icon} className="mt-0.5 size-6 shrink-0 text-accent" /> : null}
            <div className="min-w-0 flex-1">
              <Heading slot="title" className="font-serif text-xl font-semibold">
                {title}
              </Heading>
              {subtitle ? (
                <p id={subtitleId} className="mt-1 text-sm text-ink-muted">
                  {subtitle}
                </p>
              ) : null}
            </div>
            <AriaButton
              aria-label={t("ui.dialog.close")}
              onPress={onClose}
              className="-m-1 inline-flex size-10 shrink-0 items-center justify-center rounded-control text-ink-muted outline-accent hover:bg-ink/5 hover:text-ink focus-visible:outline-3"
            >
              <Icon name="close" className="size-5" />
            </AriaButton>
          </header>
          {children ? <div className="min-h-0 overflow-y-auto px-5 py-5 sm:px-6">{children}</div> : null}
          {footer ? <footer className="flex flex-wrap justify-end gap-3 border-t border-line px-5 py-4 sm:px-6">{footer}</footer> : null}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
