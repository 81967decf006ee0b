import type { CartNotification, CartNotificationCode } from "@quire/contracts";
import { Icon, type IconName } from "~/components/ui/icon";

const LOOK: Record<CartNotificationCode, { icon: IconName; tone: string }> = {
  price_changed: { icon: "info", tone: "border-info/40 bg-info-soft" },
  quantity_reduced: { icon: "warning", tone: "border-warning/40 bg-warning-soft" },
  item_unavailable: { icon: "warning", tone: "border-warning/40 bg-warning-soft" },
  item_removed: { icon: "warning", tone: "border-warning/40 bg-warning-soft" },
  addon_removed: { icon: "info", tone: "border-info/40 bg-info-soft" },
  reorder_line_not_added: { icon: "warning", tone: "border-warning/40 bg-warning-soft" },
};

/**
 * What changed in the cart since the shopper last looked (per line item, or generic for the cart), in
 * the API's words. The API answers them until a page has shown them (decision 020).
 */
export function CartNotices({ notices, label }: { notices: CartNotification[]; label?: string }) {
  if (notices.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-col gap-2">
      {notices.map((notice, index) => (
        <li
          key={`${notice.code}-${index}`}
          className={`flex items-start gap-2 rounded-control border px-3 py-2 text-sm ${LOOK[notice.code].tone}`}
        >
          <Icon name={LOOK[notice.code].icon} className="mt-0.5 size-4 shrink-0" />
          <span>{notice.message}</span>
        </li>
      ))}
    </ul>
  );
}

/** The notices that belong beside one line, and the generic ones (null lineItemId) for the top of the cart. */
export function groupNotices(notices: CartNotification[]): { generic: CartNotification[]; byLine: Map<number, CartNotification[]> } {
  const generic: CartNotification[] = [];
  const byLine = new Map<number, CartNotification[]>();
  for (const notice of notices) {
    if (notice.lineItemId === null) generic.push(notice);
    else byLine.set(notice.lineItemId, [...(byLine.get(notice.lineItemId) ?? []), notice]);
  }
  return { generic, byLine };
}
