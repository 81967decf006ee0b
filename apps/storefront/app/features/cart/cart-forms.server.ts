import { AcknowledgeCartNotificationsBodySchema, MAX_CART_LINE_QUANTITY } from "@quire/contracts";
import { z } from "zod";
import { postedIdField, PostedIdempotencyKeyField } from "~/lib/form-intents.server";
import { IDEMPOTENCY_KEY_FIELD, QUANTITY_MESSAGE, SHOWN_NOTICES_FIELD } from "./cart-forms";
import { t } from "~/lib/i18n/messages/cart-forms";

/*
 * The cart's forms' fields, as the actions read them (lib/form-intents.server.ts): the same rules the
 * inputs declare, checked again because a form can be posted by anything. Add-on choices and quick-order
 * rows have field names made per line or row; their handlers read those with cart-forms.ts.
 */

const NOT_IN_CATALOGUE = t("cart.form.not_in_catalogue");

/** An id posted by a form (a variant, a line). */
const PostedIdField = postedIdField(NOT_IN_CATALOGUE);

/** A quantity typed into a form: a whole number from `min` to the cart's maximum. */
function quantityField(min: 0 | 1) {
  return z
    .string({ error: QUANTITY_MESSAGE })
    .trim()
    .regex(/^\d{1,6}$/, QUANTITY_MESSAGE)
    .transform(Number)
    .pipe(z.number().min(min, QUANTITY_MESSAGE).max(MAX_CART_LINE_QUANTITY, QUANTITY_MESSAGE));
}

/** "Add to basket": a variant and a quantity (1 when the form has none, as on product cards); add-ons are read apart. */
export const AddToCartFormSchema = z.object({
  productVariantId: PostedIdField,
  quantity: quantityField(1).default(1),
  [IDEMPOTENCY_KEY_FIELD]: PostedIdempotencyKeyField,
});

/** A line's new quantity (0 removes it). */
export const ChangeQuantityFormSchema = z.object({ lineItemId: PostedIdField, quantity: quantityField(0) });

/** A line's "Remove". */
export const RemoveLineFormSchema = z.object({ lineItemId: PostedIdField });

/** The quick order: its rows are read apart (cart-forms.ts); the key it was rendered with is read here. */
export const QuickOrderFormSchema = z.object({ [IDEMPOTENCY_KEY_FIELD]: PostedIdempotencyKeyField });

/** Text that must hold JSON: parsed, or one issue saying it is not. */
const JsonText = z
  .string()
  .max(200_000)
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: "custom", message: "Not JSON" });
      return z.NEVER;
    }
  });

/**
 * The notices a page says it has shown: the JSON it was given, checked against the contract (at least one,
 * each a notice as the cart answered it).
 */
export const ShownNoticesFormSchema = z.object({
  [SHOWN_NOTICES_FIELD]: JsonText.pipe(AcknowledgeCartNotificationsBodySchema.shape.notifications),
});
