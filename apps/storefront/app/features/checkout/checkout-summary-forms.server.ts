import { isTracked, trackQuantityChange } from "~/features/analytics/ecommerce.server";
import { ChangeQuantityFormSchema, RemoveLineFormSchema } from "~/features/cart/cart-forms.server";
import { t as toastText } from "~/lib/i18n/translate";
import { t } from "~/lib/i18n/messages/checkout-server";
import { intent } from "~/lib/form-intents.server";
import { changingSummary, invalidAsToast, saved, type CheckoutActionArgs } from "./checkout-answers.server";
import { DiscountCodeFormSchema } from "./checkout-forms.server";
import { applyDiscountCode, changeCheckoutQuantity, getCheckoutSummary, removeCheckoutLine, removeDiscountCode } from "./checkout.server";

/*
 * The handlers of the order summary's forms beside the steps: a discount code applied or removed, a line's
 * quantity changed or the line removed. A refusal is the API's first error, as a toast.
 */

/** The checkout line a form is about to change, for the analytics of the change (tracked shoppers only). */
async function lineBeforeChange(context: CheckoutActionArgs["context"], lineItemId: number) {
  if (!isTracked(context)) return undefined;
  return (await getCheckoutSummary(context))?.basketDetails.lineItems.find((line) => line.lineItemId === lineItemId);
}

export const applyDiscountIntent = ({ context }: CheckoutActionArgs) =>
  intent({
    schema: DiscountCodeFormSchema,
    invalid: invalidAsToast,
    run: ({ discountCode }) =>
      changingSummary(async () => {
        await applyDiscountCode(context, discountCode);
        return saved(t("checkout.toast.code_applied", { code: discountCode }));
      }),
  });

export const removeDiscountIntent = ({ context }: CheckoutActionArgs) =>
  intent({
    schema: DiscountCodeFormSchema,
    invalid: invalidAsToast,
    run: ({ discountCode }) =>
      changingSummary(async () => {
        await removeDiscountCode(context, discountCode);
        return saved(toastText("toast.discount_code_removed"));
      }),
  });

export const quantityIntent = ({ context }: CheckoutActionArgs) =>
  intent({
    schema: ChangeQuantityFormSchema,
    invalid: invalidAsToast,
    run: ({ lineItemId, quantity }) =>
      changingSummary(async () => {
        const before = await lineBeforeChange(context, lineItemId);
        await changeCheckoutQuantity(context, lineItemId, quantity);
        trackQuantityChange(context, before, quantity);
        return saved(quantity === 0 ? t("checkout.toast.removed") : t("checkout.toast.updated"));
      }),
  });

export const removeLineIntent = ({ context }: CheckoutActionArgs) =>
  intent({
    schema: RemoveLineFormSchema,
    invalid: invalidAsToast,
    run: ({ lineItemId }) =>
      changingSummary(async () => {
        const before = await lineBeforeChange(context, lineItemId);
        await removeCheckoutLine(context, lineItemId);
        trackQuantityChange(context, before, 0);
        return saved(t("checkout.toast.removed"));
      }),
  });
