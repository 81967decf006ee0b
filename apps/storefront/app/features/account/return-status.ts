import type { ReturnDetail, ReturnStatus } from "@quire/contracts";
import { t } from "~/lib/i18n/messages/account";
import type { StatusTone } from "./order-status";

/*
 * A return's status, what comes next and the money given back, in the customer's words (the account's return
 * pages and the order page's return form). Plain data, no zod: the components read it in the browser too. The
 * words for reasons and resolutions are the API's (GET /order-returns/reasons and /resolutions), the one place
 * they are written; only what the API sends as bare codes is worded here.
 */

const STATUS_TEXT: Record<ReturnStatus, { label: string; tone: StatusTone; next: string }> = {
  requested: { label: t("account.return_status.requested"), tone: "waiting", next: t("account.return_status.requested_next") },
  received: { label: t("account.return_status.received"), tone: "progress", next: t("account.return_status.received_next") },
  approved: { label: t("account.return_status.approved"), tone: "progress", next: t("account.return_status.approved_next") },
  rejected: { label: t("account.return_status.rejected"), tone: "cancelled", next: t("account.return_status.rejected_next") },
  refunded: { label: t("account.return_status.refunded"), tone: "done", next: t("account.return_status.refunded_next") },
  credited: { label: t("account.return_status.credited"), tone: "done", next: t("account.return_status.credited_next") },
  exchanged: { label: t("account.return_status.exchanged"), tone: "done", next: t("account.return_status.exchanged_next") },
  cancelled: { label: t("account.return_status.cancelled"), tone: "cancelled", next: t("account.return_status.cancelled_next") },
};

/** What the customer reads for a return's status, and how it is coloured. */
export function returnStatusText(status: ReturnStatus): { label: string; tone: StatusTone } {
  const { label, tone } = STATUS_TEXT[status];
  return { label, tone };
}

/** What happens next, or what has happened, for a return in this status. */
export function returnNextStep(status: ReturnStatus): string {
  return STATUS_TEXT[status].next;
}

type Refund = NonNullable<ReturnDetail["refund"]>;

/** How the money goes back: to the order's payment, or as store credit. */
export function refundKindLabel(kind: Refund["kind"]): string {
  return kind === "payment" ? t("account.refund.to_payment") : t("account.refund.store_credit");
}

/** Where the money given back stands. */
export function refundStatusLabel(status: Refund["status"]): string {
  return status === "succeeded" ? t("account.refund.completed") : t("account.refund.in_progress");
}

/**
 * The words for a code from one of the API's lists (reasons, resolutions); the code itself when the list does not
 * have it (a list read before the code was added), so the page never shows a blank.
 */
export function choiceLabel(choices: readonly { code: string; label: string }[], code: string): string {
  return choices.find((choice) => choice.code === code)?.label ?? code;
}
