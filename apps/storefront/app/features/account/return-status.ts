import type { ReturnDetail, ReturnStatus } from "@quire/contracts";
import type { StatusTone } from "./order-status";

/*
 * A return's status, what comes next and the money given back, in the customer's words (the account's return
 * pages and the order page's return form). Plain data, no zod: the components read it in the browser too. The
 * words for reasons and resolutions are the API's (GET /order-returns/reasons and /resolutions), the one place
 * they are written; only what the API sends as bare codes is worded here.
 */

const STATUS_TEXT: Record<ReturnStatus, { label: string; tone: StatusTone; next: string }> = {
  requested: {
    label: "Requested",
    tone: "waiting",
    next: "Pack the items with a note of your return number and send them back to us. We will email you as soon as your parcel arrives.",
  },
  received: {
    label: "Parcel received",
    tone: "progress",
    next: "Your parcel has arrived. We are checking the items and will email you once we have settled your return.",
  },
  approved: {
    label: "Approved",
    tone: "progress",
    next: "We have accepted your return and are settling it as you asked. We will email you once it is done.",
  },
  rejected: {
    label: "Rejected",
    tone: "cancelled",
    next: "We could not accept this return; our note says why. If you have a question about it, please contact us with your return number.",
  },
  refunded: {
    label: "Refunded",
    tone: "done",
    next: "Your money is on its way back the way you paid. A card refund can take a few working days to show on your statement.",
  },
  credited: {
    label: "Store credit given",
    tone: "done",
    next: "The credit has been added to your account, to spend on your next order.",
  },
  exchanged: {
    label: "Exchanged",
    tone: "done",
    next: "Your replacement items are on their way to you. Nothing more to do.",
  },
  cancelled: {
    label: "Cancelled",
    tone: "cancelled",
    next: "This return was cancelled, so nothing will be collected or refunded. You can start a new return from the order while it is still returnable.",
  },
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
  return kind === "payment" ? "Refund to your payment" : "Store credit";
}

/** Where the money given back stands. */
export function refundStatusLabel(status: Refund["status"]): string {
  return status === "succeeded" ? "Completed" : "In progress";
}

/**
 * The words for a code from one of the API's lists (reasons, resolutions); the code itself when the list does not
 * have it (a list read before the code was added), so the page never shows a blank.
 */
export function choiceLabel(choices: readonly { code: string; label: string }[], code: string): string {
  return choices.find((choice) => choice.code === code)?.label ?? code;
}
