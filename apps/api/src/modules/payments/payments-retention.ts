import type { Db } from "../../db/client";
import { deleteInBatches } from "../jobs/housekeeping";
import { deleteOldWebhookEvents } from "./payments.repository";

/**
 * How long a handled webhook's event id is kept: gateways retry a delivery for up to three days (Stripe) and
 * PayPal for a few, so a month covers every redelivery with room to spare. A redelivery after that is asked
 * of the gateway like any other and, the payment being where the gateway says, changes nothing.
 */
export const WEBHOOK_EVENTS_KEPT_SECONDS = 30 * 24 * 60 * 60;

/** Deletes stored webhook events past their retention, the scheduled `purge-payment-webhook-events` job. */
export async function purgeOldWebhookEvents(db: Db): Promise<number> {
  return deleteInBatches((limit) => deleteOldWebhookEvents(db, WEBHOOK_EVENTS_KEPT_SECONDS, limit));
}
