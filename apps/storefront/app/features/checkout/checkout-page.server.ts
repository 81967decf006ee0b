import { MAX_CUSTOMER_ADDRESSES } from "@quire/contracts";
import { redirect } from "react-router";
import { cartLinesOf, pageEcommerceEvents } from "~/features/analytics/ecommerce.server";
import { getCurrentPrivacyPolicy } from "~/features/auth/privacy-policy.server";
import { anonymousIdOf } from "~/features/cart/cart.server";
import { t } from "~/lib/i18n/messages/checkout-server";
import { ApiRequestError } from "~/lib/api.server";
import { errorToastOf } from "~/lib/api-failure.server";
import { isSignedIn } from "~/features/auth/auth.server";
import { apiContext } from "~/lib/context.server";
import { postedIdField } from "~/lib/form-intents.server";
import { notFound, requireApiFound } from "~/lib/not-found.server";
import { getSameOriginRefererPath } from "~/lib/safe-redirect";
import type { CheckoutActionArgs } from "./checkout-answers.server";
import { CHECKOUT_PATH, EDIT_PARAM, ORDER_PARAM, successfulOrderPath } from "./checkout-forms";
import { openSection, parseEditableSection, stepAfterOrder, stepOfSection } from "./checkout-steps";
import type { CustomerCredits, PaymentProvider } from "./checkout-types";
import {
  getCheckoutSummary,
  getCustomerCredits,
  getOrderSummary,
  listDeliveryOptions,
  listPaymentProviders,
  loadSavedAddresses,
  orderAnonymousId,
} from "./checkout.server";
import { readLastOrder } from "./last-order.server";

type Context = CheckoutActionArgs["context"];

const OrderParamSchema = postedIdField(t("checkout.form.order_not_found"));

/** What the payment step offers: the providers (or why they could not be read) and, for pay on account, the credit. */
interface PaymentChoice {
  providers: PaymentProvider[];
  providersError: string | null;
  credits: CustomerCredits | null;
}

const NO_PAYMENT_CHOICE: PaymentChoice = { providers: [], providersError: null, credits: null };

/**
 * The providers this buyer may use. A failure to read them is shown, not thrown (its first error as a toast),
 * so the rest of the page still works.
 */
async function loadPaymentChoice(context: Context, anonymousId: string | undefined): Promise<PaymentChoice> {
  try {
    const providers = await listPaymentProviders(context, anonymousId);
    const credits = providers.some((provider) => provider.settings.kind === "on_account") ? await getCustomerCredits(context) : null;
    return { providers, providersError: null, credits };
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    return { providers: [], providersError: errorToastOf(error).message, credits: null };
  }
}

/** The payment of an order already placed (`?order=<id>`): step 3 for a signed-in customer, 4 for a guest. */
async function loadOrderPayment({ request, context }: CheckoutActionArgs, orderParam: string) {
  const parsed = OrderParamSchema.safeParse(orderParam);
  if (!parsed.success) throw notFound(request);
  const orderId = parsed.data;
  const anonymousId = orderAnonymousId(context, orderId, await readLastOrder(request));
  const order = await requireApiFound(getOrderSummary(context, orderId, anonymousId), request);
  // Paid, or cancelled: nothing is left to pay here.
  if (order.status !== "awaiting_payment") throw redirect(successfulOrderPath(orderId));
  // The payment started for the order and still open: its provider, and a status to ask for.
  const open = order.latestPayment && ["created", "pending"].includes(order.latestPayment.status) ? order.latestPayment : null;
  return {
    kind: "order" as const,
    checkoutStep: stepAfterOrder(isSignedIn(context)),
    order,
    chosen: open?.paymentProviderId ?? null,
    idempotencyKey: crypto.randomUUID(),
    ...(await loadPaymentChoice(context, anonymousId)),
  };
}

/** The phone a signed-in customer saved in their account settings ("" when they saved none). */
async function getSavedPhone(context: CheckoutActionArgs["context"]): Promise<string> {
  const { data: settings } = await context.get(apiContext).call("getCustomerSettings");
  return settings.phone;
}

/** The steps before the order: the section the summary says comes next, and what that section offers. */
async function loadCheckoutSteps({ request, context }: CheckoutActionArgs, url: URL) {
  const signedIn = isSignedIn(context);
  const summary = await getCheckoutSummary(context);
  if (!summary || summary.basketDetails.lineItems.length === 0) return { kind: "empty" as const, checkoutStep: 0 as const };
  const editing = parseEditableSection(url.searchParams.get(EDIT_PARAM));
  const section = openSection(summary.missing, editing);
  const [deliveryOptions, savedAddresses, payment, privacyPolicy, savedPhone] = await Promise.all([
    // Delivery options exist only once there is a delivery address.
    section === "delivery" && summary.deliveryAddress ? listDeliveryOptions(context) : [],
    // A signed-in customer's address book and company addresses, offered in the delivery section.
    section === "delivery" ? loadSavedAddresses(context) : [],
    section === "payment" ? loadPaymentChoice(context, anonymousIdOf(context)) : NO_PAYMENT_CHOICE,
    // The privacy policy a guest is shown beside "Place order": the form says which one they accepted.
    section === "payment" && !signedIn ? getCurrentPrivacyPolicy(context.get(apiContext)) : null,
    // The phone a signed-in customer keeps in their account settings, offered in the details step they fill in.
    section === "details" && signedIn && !summary.basketDetails.customerInfo?.phone ? getSavedPhone(context) : "",
  ]);
  // begin_checkout when the shopper comes to the checkout, not each time a step's form brings them back to it.
  const cameFromCheckout = getSameOriginRefererPath(request)?.startsWith(CHECKOUT_PATH) ?? false;
  const analytics = cameFromCheckout
    ? null
    : await pageEcommerceEvents(context, [{ event: "begin_checkout", lines: cartLinesOf(summary.basketDetails.lineItems) }]);
  return {
    kind: "checkout" as const,
    analytics,
    checkoutStep: stepOfSection(section),
    summary,
    section,
    editing,
    deliveryOptions,
    savedAddresses,
    /** Whether a new address may also go into the address book (signed in, and the book not full). */
    /** The phone from the customer's account settings ("" when none, or for a guest). */
    savedPhone,
    canSaveToBook: signedIn && savedAddresses.filter((option) => option.source === "mine").length < MAX_CUSTOMER_ADDRESSES,
    guest: !signedIn,
    privacyPolicyId: privacyPolicy ? String(privacyPolicy.id) : null,
    idempotencyKey: crypto.randomUUID(),
    ...payment,
  };
}

/**
 * /checkout. The step comes from the API's summary (what is still missing), so every step is a plain page:
 * 0 customer information, 1 delivery address, delivery option and billing address, 2 payment type and
 * "Place order". With `?order=<id>` it is the payment of an order already placed.
 * `?edit=<section>` reopens a finished section.
 */
export function loadCheckoutPage(args: CheckoutActionArgs) {
  const url = new URL(args.request.url);
  const orderParam = url.searchParams.get(ORDER_PARAM);
  return orderParam === null ? loadCheckoutSteps(args, url) : loadOrderPayment(args, orderParam);
}
