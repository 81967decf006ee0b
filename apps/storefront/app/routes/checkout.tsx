import { useEffect } from "react";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { Container } from "~/components/ui/container";
import { toast } from "~/components/ui/toast";
import { useFailureToast } from "~/components/forms/use-failure-toast";
import { useAcknowledgeNotices } from "~/features/cart/acknowledge-notices";
import { failureFor, formFailureOf } from "~/features/checkout/checkout-forms";
import { loadCheckoutPage } from "~/features/checkout/checkout-page.server";
import {
  billingAddressIntent,
  billingSameAsDeliveryIntent,
  customerInfoIntent,
  deliveryAddressIntent,
  deliveryOptionIntent,
  orderNoteIntent,
  savedBillingAddressIntent,
  savedDeliveryAddressIntent,
} from "~/features/checkout/checkout-step-forms.server";
import { CheckoutStepsPage } from "~/features/checkout/checkout-steps-page";
import {
  applyDiscountIntent,
  quantityIntent,
  removeDiscountIntent,
  removeLineIntent,
} from "~/features/checkout/checkout-summary-forms.server";
import { EmptyCheckout } from "~/features/checkout/empty-checkout";
import { OrderPayment } from "~/features/checkout/order-payment";
import { payIntent, placeOrderIntent, refreshPaymentIntent } from "~/features/checkout/place-order.server";
import { t } from "~/lib/i18n/messages/checkout-page";
import { pageTitle } from "~/features/layout/meta";
import { CHECKOUT_INTENTS } from "~/features/checkout/checkout-intents";
import { dispatchIntent } from "~/lib/form-intents.server";
import type { RouteHandle } from "~/lib/route-access";
import type { Route } from "./+types/checkout";

/** Signing in is required, but guests may check out when the store allows anonymous checkout. */
export const handle: RouteHandle = { requiredAuthentication: true, checkIfAllowedForGuest: true };

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t("checkout.title"), matches) }, { name: "robots", content: "noindex" }];
}

/** The checkout's steps as the API's summary says, or with `?order=<id>` the payment of a placed order (decision 027). */
export const loader = (args: Route.LoaderArgs) => loadCheckoutPage(args);

/**
 * The page is read again after every post, a refused one included (React Router skips that after a 4xx by
 * default): a refused order may have settled the basket (409 checkout_changed), and the next attempt must
 * carry a new Idempotency-Key, since the API would answer a changed form sent with the old one 422
 * idempotency_key_reused. A resent form (no JavaScript, or a double submit) still carries the same key.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === "POST" ? true : defaultShouldRevalidate;
}

/** Each form of the page, by intent: one handler each, in the checkout's feature folder. */
export async function action(args: Route.ActionArgs) {
  return dispatchIntent(await args.request.formData(), {
    [CHECKOUT_INTENTS.customerInfo]: customerInfoIntent(args),
    [CHECKOUT_INTENTS.deliveryAddress]: deliveryAddressIntent(args),
    [CHECKOUT_INTENTS.savedDeliveryAddress]: savedDeliveryAddressIntent(args),
    [CHECKOUT_INTENTS.billingAddress]: billingAddressIntent(args),
    [CHECKOUT_INTENTS.savedBillingAddress]: savedBillingAddressIntent(args),
    [CHECKOUT_INTENTS.billingSameAsDelivery]: billingSameAsDeliveryIntent(args),
    [CHECKOUT_INTENTS.deliveryOption]: deliveryOptionIntent(args),
    [CHECKOUT_INTENTS.orderNote]: orderNoteIntent(args),
    [CHECKOUT_INTENTS.applyDiscount]: applyDiscountIntent(args),
    [CHECKOUT_INTENTS.removeDiscount]: removeDiscountIntent(args),
    [CHECKOUT_INTENTS.quantity]: quantityIntent(args),
    [CHECKOUT_INTENTS.remove]: removeLineIntent(args),
    [CHECKOUT_INTENTS.placeOrder]: placeOrderIntent(args),
    [CHECKOUT_INTENTS.pay]: payIntent(args),
    [CHECKOUT_INTENTS.refreshPayment]: refreshPaymentIntent(args),
  });
}

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  // A refused form's first error, as a toast; the form shows them all beside its fields.
  useFailureToast(formFailureOf(actionData));
  const providersError = loaderData.kind === "empty" ? null : loaderData.providersError;
  useEffect(() => {
    // A failure to read the payment providers shows its first error as a toast.
    if (providersError) toast.error(providersError);
  }, [providersError]);
  useAcknowledgeNotices(loaderData.kind === "checkout" ? loaderData.summary.basketDetails.notifications : []);

  if (loaderData.kind === "empty") return <EmptyCheckout />;
  if (loaderData.kind === "checkout") return <CheckoutStepsPage page={loaderData} actionData={actionData} />;
  return (
    <Container className="py-8 sm:py-12">
      <OrderPayment
        order={loaderData.order}
        providers={loaderData.providers}
        providersError={loaderData.providersError}
        credits={loaderData.credits}
        chosen={loaderData.chosen}
        idempotencyKey={loaderData.idempotencyKey}
        failure={failureFor(actionData, CHECKOUT_INTENTS.pay)}
        refreshFailure={failureFor(actionData, CHECKOUT_INTENTS.refreshPayment)}
      />
    </Container>
  );
}
