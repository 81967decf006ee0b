import type { Payment, PaymentProviderId } from "@quire/contracts";
import { data, redirect } from "react-router";
import type { ToastMessage } from "~/components/ui/toast";
import type { FormFailure } from "~/components/forms/form-errors";
import { rejectedForm } from "~/components/forms/form-failure.server";
import { t as toastText } from "~/lib/i18n/translate";
import { t } from "~/lib/i18n/messages/checkout-server";
import { ApiRequestError } from "~/lib/api.server";
import { errorToastOf } from "~/lib/api-failure.server";
import { CHECKOUT_INTENTS } from "./checkout-intents";
import { intent } from "~/lib/form-intents.server";
import { requireApiFound } from "~/lib/not-found.server";
import { backWithToast, type CheckoutActionArgs } from "./checkout-answers.server";
import { orderPaymentPath, successfulOrderPath } from "./checkout-forms";
import { failedCheckoutForm, PayOrderFormSchema, PlaceOrderFormSchema, RefreshPaymentFormSchema } from "./checkout-forms.server";
import { trackCheckout } from "./checkout-step-forms.server";
import type { CreatedOrder } from "./checkout-types";
import { getOrderSummary, orderAnonymousId, payOrder, placeOrder, refreshPayment, wholeErrorOf } from "./checkout.server";
import { lastOrderCookieHeader, readLastOrder } from "./last-order.server";

/*
 * "Place order", "Pay" and "Check payment status" (decision 027). Placing an order makes the calls its steps
 * need and no more: POST /orders, POST /payments, PUT /payments/:id/process. Each call's Idempotency-Key is
 * made from the one key the form was rendered with, so a form resent after a failure between two calls (an
 * answer lost, a gateway away) sends the same calls with the same keys: the API answers the order and the
 * payment it already made, and the resend carries on from where the first attempt stopped.
 */

/** The Idempotency-Key of one call of a form's sequence (decision 018): the form's key, and which call. */
export function callKey(formKey: string | undefined, call: "order" | "payment"): string | undefined {
  return formKey && `${formKey}:${call}`;
}

/**
 * Pays a placed order and goes where the payment leads: the gateway's hosted page, or the order's page. The
 * browser remembers the order, so a guest can see it later (the API asks for the anonymousId of the basket it
 * came from). A payment that cannot be made leaves the order waiting on its payment step, with the API's first
 * error.
 */
async function payAndGo(
  context: CheckoutActionArgs["context"],
  input: {
    order: Pick<CreatedOrder, "id" | "publicId" | "grandTotal">;
    paymentProviderId: PaymentProviderId;
    anonymousId: string | null;
    idempotencyKey: string | undefined;
  },
  done: (payment: Payment) => ToastMessage,
): Promise<Response> {
  const { order, anonymousId } = input;
  const headers = new Headers({ "Set-Cookie": await lastOrderCookieHeader({ id: order.id, publicId: order.publicId, anonymousId }) });
  let payment: Payment;
  try {
    payment = await payOrder(context, input);
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    return backWithToast(errorToastOf(error), orderPaymentPath(order.id), { headers });
  }
  // A hosted gateway page: the shopper pays there and comes back through the gateway's return address.
  if (payment.redirectUrl) return redirect(payment.redirectUrl, { status: 303, headers });
  return backWithToast(done(payment), successfulOrderPath(order.id), { headers });
}

/**
 * "Place order": the order from the basket, then its payment with the chosen provider. A refused order comes
 * back beside the form; once the order exists, whatever happens to its payment, the shopper is taken on.
 */
export const placeOrderIntent = ({ context }: CheckoutActionArgs) =>
  intent({
    schema: PlaceOrderFormSchema,
    invalid: (errors) => rejectedForm(errors, { intent: CHECKOUT_INTENTS.placeOrder }),
    run: async ({ paymentProviderId, termsAccepted, privacyPolicyId, idempotencyKey }) => {
      // The payment information is given as the order is placed: reported with the basket it pays for (a read
      // for tracked shoppers only, before anything is written).
      await trackCheckout(context, "add_payment_info", () => ({ payment_type: paymentProviderId }));
      let placed: Awaited<ReturnType<typeof placeOrder>>;
      try {
        placed = await placeOrder(context, {
          termsAccepted,
          privacyPolicyId,
          paymentProviderId,
          idempotencyKey: callKey(idempotencyKey, "order"),
        });
      } catch (error) {
        return failedCheckoutForm(error, { intent: CHECKOUT_INTENTS.placeOrder });
      }
      const payment = { ...placed, paymentProviderId, idempotencyKey: callKey(idempotencyKey, "payment") };
      return payAndGo(context, payment, () => ({ kind: "success", message: toastText("toast.order_created") }));
    },
  });

/** "Pay" on the payment step of a placed order: the amount is its grand total as the API has it now. */
export const payIntent = ({ request, context }: CheckoutActionArgs) =>
  intent({
    schema: PayOrderFormSchema,
    invalid: (errors) => rejectedForm(errors, { intent: CHECKOUT_INTENTS.pay }),
    run: async ({ orderId, paymentProviderId, idempotencyKey }) => {
      const anonymousId = orderAnonymousId(context, orderId, await readLastOrder(request)) ?? null;
      const order = await requireApiFound(getOrderSummary(context, orderId, anonymousId ?? undefined), request);
      const payment = { order, anonymousId, paymentProviderId, idempotencyKey: callKey(idempotencyKey, "payment") };
      return payAndGo(context, payment, (paid) => ({
        kind: "success",
        message: paid.status === "captured" ? t("checkout.toast.paid") : t("checkout.toast.payment_on_its_way"),
      }));
    },
  });

/** "Check payment status": the order's latest payment as its gateway has it now. */
export const refreshPaymentIntent = ({ request, context }: CheckoutActionArgs) =>
  intent({
    schema: RefreshPaymentFormSchema,
    run: async ({ orderId }) => {
      const anonymousId = orderAnonymousId(context, orderId, await readLastOrder(request));
      let payment: Payment;
      try {
        const { latestPayment } = await getOrderSummary(context, orderId, anonymousId);
        if (!latestPayment) return backWithToast({ kind: "error", message: t("checkout.toast.no_payment") }, orderPaymentPath(orderId));
        payment = await refreshPayment(context, { orderId, payment: latestPayment, anonymousId });
      } catch (error) {
        if (!(error instanceof ApiRequestError)) throw error;
        // A failed status check shows the whole error, not only its first item.
        return data<FormFailure>({ errors: [wholeErrorOf(error)], intent: CHECKOUT_INTENTS.refreshPayment }, { status: error.status });
      }
      if (payment.status === "captured") {
        return backWithToast({ kind: "success", message: t("checkout.toast.paid") }, successfulOrderPath(orderId));
      }
      return backWithToast({ kind: "info", message: t("checkout.toast.not_reached") }, orderPaymentPath(orderId));
    },
  });
