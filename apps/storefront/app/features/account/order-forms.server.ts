import { z } from "zod";
import { IDEMPOTENCY_KEY_FIELD } from "~/features/cart/cart-forms";
import { PostedIdempotencyKeyField } from "~/lib/form-intents.server";

/*
 * The order page's forms' fields, as its action reads them (lib/form-intents.server.ts). Cancelling posts no
 * field; "Buy again" posts the key it was rendered with, so a double submit or a resent form adds the order's
 * books once (decision 018).
 */

/** "Buy again": the Idempotency-Key of this render of the page. */
export const ReorderFormSchema = z.object({ [IDEMPOTENCY_KEY_FIELD]: PostedIdempotencyKeyField });
