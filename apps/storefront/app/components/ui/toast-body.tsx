import { Icon, type IconName } from "./icon";
import type { ToastKind, ToastMessage } from "./toast-types";
import { t } from "~/lib/i18n/messages/ui";

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
