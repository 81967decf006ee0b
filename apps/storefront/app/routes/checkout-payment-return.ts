import { IdParamSchema, PaymentProviderIdSchema, PublicPaymentIdSchema } from "@quire/contracts";
import { z } from "zod";
import { orderAnonymousId, refreshPayment, wholeErrorOf } from "~/features/checkout/checkout.server";
import { orderPaymentPath, successfulOrderPath } from "~/features/checkout/checkout-forms";
import { readLastOrder } from "~/features/checkout/last-order.server";
import { ApiRequestError } from "~/lib/api.server";
import { redirectWithToast } from "~/lib/flash.server";
import { notFound } from "~/lib/not-found.server";
import type { Route } from "./+types/checkout-payment-return";
import { t } from "~/lib/i18n/messages/checkout-server";

/**
 * What a gateway's return address carries (decision 026): the order, the payment and its provider, and
 * `cancelled` when the payer gave up on the gateway's page. Gateways add their own parameters (PayPal's token
 * and PayerID, a session id), which are read by nobody: the API asks the gateway itself.
 */
const ReturnQuerySchema = z.object({
  orderId: IdParamSchema,
  paymentId: PublicPaymentIdSchema,
  provider: PaymentProviderIdSchema,
  cancelled: z.literal("1").optional(),
});

/**
 * /checkout/payment-return: where the payer lands back from a gateway's hosted page. The return itself proves
 * nothing, so the API is asked to refresh the payment from the gateway (POST /payments/refresh). Paid: the
 * order's page. Still on its way (a bank's late answer): the order's page, which says the payment is awaited.
 * Given up, declined or expired: back to the order's payment step to choose again. A failed check shows the
 * whole error, every message of it, on the payment step, where the shopper can ask again.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = ReturnQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw notFound(request);
  const { orderId, paymentId, provider, cancelled } = parsed.data;
  const anonymousId = orderAnonymousId(context, orderId, await readLastOrder(request));
  let status;
  try {
    const payment = await refreshPayment(context, {
      orderId,
      payment: { publicPaymentId: paymentId, paymentProviderId: provider },
      anonymousId,
    });
    status = payment.status;
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    if (error.status === 404) throw notFound(request);
    return redirectWithToast(orderPaymentPath(orderId), { kind: "error", message: wholeErrorOf(error).message });
  }
  if (status === "captured") {
    return redirectWithToast(successfulOrderPath(orderId), { kind: "success", message: t("checkout.toast.paid") });
  }
  if (status === "pending" && !cancelled) {
    return redirectWithToast(successfulOrderPath(orderId), {
      kind: "info",
      message: t("checkout.toast.pending"),
    });
  }
  return redirectWithToast(orderPaymentPath(orderId), {
    kind: cancelled ? "info" : "error",
    message: cancelled ? t("checkout.toast.left_payment") : t("checkout.toast.payment_failed"),
  });
}
