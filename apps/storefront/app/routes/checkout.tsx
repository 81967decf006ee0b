import {
  cartLinesOf,
  isTracked,
  pageEcommerceEvents,
  trackEcommerceEvent,
  trackQuantityChange,
} from "~/features/analytics/ecommerce.server";
import { getSameOriginRefererPath } from "~/lib/safe-redirect";
import { MAX_CUSTOMER_ADDRESSES, type CheckoutSummary, type Payment, type PaymentProviderId } from "@quire/contracts";
import type { z } from "zod";
import { useEffect } from "react";
import { data, redirect, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { Container } from "~/components/ui/container";
import { toast, type ToastMessage } from "~/components/ui/toast";
import { formText, type FormError, type FormFailure } from "~/features/auth/form-errors";
import { rejectedForm } from "~/features/auth/form-failure.server";
import { useFailureToast } from "~/features/auth/use-failure-toast";
import { DismissNoticesForm, useAcknowledgeNotices } from "~/features/cart/acknowledge-notices";
import { ChangeQuantityFormSchema, RemoveLineFormSchema } from "~/features/cart/cart-forms.server";
import { CartNotices } from "~/features/cart/cart-notices";
import { anonymousIdOf } from "~/features/cart/cart.server";
import { CheckoutSection } from "~/features/checkout/checkout-section";
import {
  ADDRESS_FIELDS,
  CHECKOUT_PATH,
  CUSTOMER_INFO_FIELDS,
  EDIT_PARAM,
  failureFor,
  formFailureOf,
  ORDER_NOTE_FIELDS,
  ORDER_PARAM,
  orderPaymentPath,
  successfulOrderPath,
} from "~/features/checkout/checkout-forms";
import {
  CHOOSE_SAVED_ADDRESS,
  addressOf,
  CheckoutAddressFormSchema,
  CustomerInfoFormSchema,
  DeliveryOptionFormSchema,
  DiscountCodeFormSchema,
  failedCheckoutForm,
  OrderNoteFormSchema,
  PayOrderFormSchema,
  PlaceOrderFormSchema,
  RefreshPaymentFormSchema,
  SavedAddressFormSchema,
} from "~/features/checkout/checkout-forms.server";
import { openSection, parseEditableSection, sectionStates, stepAfterOrder, stepOfSection } from "~/features/checkout/checkout-steps";
import { CheckoutOrderSummary } from "~/features/checkout/checkout-summary";
import type { CreatedOrder, CustomerCredits, PaymentProvider } from "~/features/checkout/checkout-types";
import {
  addToAddressBook,
  applyDiscountCode,
  changeCheckoutQuantity,
  chooseDeliveryOption,
  getCheckoutSummary,
  getCustomerCredits,
  getOrderSummary,
  listDeliveryOptions,
  listPaymentProviders,
  loadSavedAddresses,
  orderAnonymousId,
  wholeErrorOf,
  payOrder,
  placeOrder,
  refreshPayment,
  removeCheckoutLine,
  removeDiscountCode,
  saveBillingAddress,
  saveCustomerInfo,
  saveDeliveryAddress,
  saveOrderNote,
  savedAddressInput,
} from "~/features/checkout/checkout.server";
import { CustomerInfoForm, CustomerInfoGiven } from "~/features/checkout/customer-info-form";
import { DeliveryGiven, DeliveryStep } from "~/features/checkout/delivery-section";
import { EmptyCheckout } from "~/features/checkout/empty-checkout";
import { lastOrderCookieHeader, readLastOrder } from "~/features/checkout/last-order.server";
import { OrderNoteForm } from "~/features/checkout/order-note-form";
import { OrderPayment } from "~/features/checkout/order-payment";
import { PlaceOrderForm } from "~/features/checkout/place-order-form";
import { t as toastText } from "~/features/i18n/translate";
import { t } from "~/features/i18n/messages/checkout-page";
import { t as actionText } from "~/features/i18n/messages/checkout-server";
import { pageTitle } from "~/features/layout/meta";
import { useRootData } from "~/features/layout/root-data";
import { ApiRequestError } from "~/lib/api.server";
import { errorToastOf } from "~/lib/api-failure.server";
import { isSignedIn } from "~/lib/auth.server";
import { redirectWithToast } from "~/lib/flash.server";
import { CHECKOUT_INTENTS } from "~/lib/checkout-intents";
import { dispatchIntent, intent, NoFieldsFormSchema, postedIdField } from "~/lib/form-intents.server";
import { notFound, requireApiFound } from "~/lib/not-found.server";
import type { RouteHandle } from "~/lib/route-access";
import type { Route } from "./+types/checkout";

/** Spec section 2: authentication required, but guests allowed when the store allows anonymous checkout. */
export const handle: RouteHandle = { requiredAuthentication: true, checkIfAllowedForGuest: true };

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t("checkout.title"), matches) }, { name: "robots", content: "noindex" }];
}

const OrderParamSchema = postedIdField(actionText("checkout.form.order_not_found"));

/** What the payment step offers: the providers (or why they could not be read) and, for pay on account, the credit. */
interface PaymentChoice {
  providers: PaymentProvider[];
  providersError: string | null;
  credits: CustomerCredits | null;
}

/**
 * The providers this buyer may use. A failure to read them is shown, not thrown (spec section 8: its first
 * error as a toast), so the rest of the page still works.
 */
async function loadPaymentChoice(context: Route.LoaderArgs["context"], anonymousId: string | undefined): Promise<PaymentChoice> {
  try {
    const providers = await listPaymentProviders(context, anonymousId);
    const credits = providers.some((provider) => provider.settings.kind === "on_account") ? await getCustomerCredits(context) : null;
    return { providers, providersError: null, credits };
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    return { providers: [], providersError: errorToastOf(error).message, credits: null };
  }
}

/**
 * /checkout. The step comes from the API's summary (what is still missing), so every step is a plain page:
 * 0 customer information, 1 delivery address, delivery option and billing address, 2 payment type and
 * "Place order". With `?order=<id>` it is the payment of an order already placed: step 3 for a signed-in
 * customer, 4 for a guest (spec section 4). `?edit=<section>` reopens a finished section.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const signedIn = isSignedIn(context);
  const orderParam = url.searchParams.get(ORDER_PARAM);
  if (orderParam !== null) {
    const parsed = OrderParamSchema.safeParse(orderParam);
    if (!parsed.success) throw notFound(request);
    const orderId = parsed.data;
    const lastOrder = await readLastOrder(request);
    const anonymousId = orderAnonymousId(context, orderId, lastOrder);
    const order = await requireApiFound(getOrderSummary(context, orderId, anonymousId), request);
    // Paid, or cancelled: nothing is left to pay here.
    if (order.status !== "awaiting_payment") throw redirect(successfulOrderPath(orderId));
    // The payment started for the order and still open: its provider, and a status to ask for.
    const open = order.latestPayment && ["created", "pending"].includes(order.latestPayment.status) ? order.latestPayment : null;
    const chosen = open?.paymentProviderId ?? null;
    return {
      kind: "order" as const,
      checkoutStep: stepAfterOrder(signedIn),
      order,
      chosen,
      idempotencyKey: crypto.randomUUID(),
      ...(await loadPaymentChoice(context, anonymousId)),
    };
  }

  const summary = await getCheckoutSummary(context);
  if (!summary || summary.basketDetails.lineItems.length === 0) return { kind: "empty" as const, checkoutStep: 0 as const };
  const editing = parseEditableSection(url.searchParams.get(EDIT_PARAM));
  const section = openSection(summary.missing, editing);
  // Delivery options exist only once there is a delivery address (spec section 4).
  const [deliveryOptions, savedAddresses] = await Promise.all([
    section === "delivery" && summary.deliveryAddress ? listDeliveryOptions(context) : [],
    // A signed-in customer's address book and company addresses, offered in the delivery section.
    section === "delivery" ? loadSavedAddresses(context) : [],
  ]);
  const payment: PaymentChoice =
    section === "payment"
      ? await loadPaymentChoice(context, anonymousIdOf(context))
      : { providers: [], providersError: null, credits: null };
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
    canSaveToBook: signedIn && savedAddresses.filter((option) => option.source === "mine").length < MAX_CUSTOMER_ADDRESSES,
    guest: !signedIn,
    idempotencyKey: crypto.randomUUID(),
    ...payment,
  };
}

/**
 * The page is read again after every post, a refused one included (React Router skips that after a 4xx by
 * default): a refused order may have settled the basket (409 checkout_changed), and the next attempt must
 * carry a new Idempotency-Key, since the API would answer a changed form sent with the old one 422
 * idempotency_key_reused. A resent form (no JavaScript, or a double submit) still carries the same key.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === "POST" ? true : defaultShouldRevalidate;
}

/** What a refused form comes back filled in with. */
function typedValues(form: FormData, fields: readonly string[]): Record<string, string> {
  return Object.fromEntries(fields.map((field) => [field, formText(form, field)]));
}

/**
 * Reports a checkout step's event (tracked shoppers only) with the checkout's lines as they are now, and the
 * details the step adds (the delivery option, the payment provider).
 */
async function trackCheckout(
  context: Route.ActionArgs["context"],
  event: "add_shipping_info" | "add_payment_info",
  details: (summary: CheckoutSummary) => Record<string, string>,
) {
  if (!isTracked(context)) return;
  const summary = await getCheckoutSummary(context);
  if (summary) trackEcommerceEvent(context, event, { lines: cartLinesOf(summary.basketDetails.lineItems), details: details(summary) });
}

/** The checkout line a form is about to change, for the analytics of the change (tracked shoppers only). */
async function checkoutLineBeforeChange(context: Route.ActionArgs["context"], lineItemId: number) {
  if (!isTracked(context)) return undefined;
  return (await getCheckoutSummary(context))?.basketDetails.lineItems.find((line) => line.lineItemId === lineItemId);
}

/**
 * Each form of the page, by intent. A saved step answers a redirect back here with its toast (spec section
 * 8), so a reload never posts twice; a refused step form answers its errors beside its fields; a refused
 * change to the summary (quantity, discount code) answers the API's first error as a toast. Placing the order
 * places it, then pays it with the chosen provider (POST /payments, then PUT /payments/:id/process) and goes
 * where the payment leads: the gateway's hosted page, or the order's page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const back = (message: ToastMessage, to = CHECKOUT_PATH, init: ResponseInit = {}) =>
    redirectWithToast(to, message, { status: 303, ...init });
  const saved = (message: string) => back({ kind: "success", message });
  const invalidToast = (errors: FormError[]) => back({ kind: "error", message: errors[0]?.message ?? actionText("checkout.form.check") });
  // A change to the summary: a refusal comes back as the API's first error, as a toast.
  const changing = async (change: () => Promise<Response>) => {
    try {
      return await change();
    } catch (error) {
      if (!(error instanceof ApiRequestError)) throw error;
      return back(errorToastOf(error));
    }
  };
  // A step's form: a refusal comes back beside the form's fields, with what was typed.
  const stepForm = <Values,>(name: string, fields: readonly string[], save: (values: Values) => Promise<void>, message: string) => ({
    invalid: (errors: FormError[], form: FormData) => rejectedForm(errors, { values: typedValues(form, fields), intent: name }),
    run: async (values: Values, form: FormData) => {
      try {
        await save(values);
      } catch (error) {
        return failedCheckoutForm(error, { values: typedValues(form, fields), intent: name });
      }
      return saved(message);
    },
  });

  /**
   * Pays a placed order and goes where the payment leads. The browser remembers the order, so a guest can see
   * it later (the API asks for the anonymousId of the basket it came from). A payment that cannot be made
   * leaves the order waiting on its payment step, with the API's first error (spec section 8).
   */
  async function pay(
    order: Pick<CreatedOrder, "id" | "publicId" | "grandTotal">,
    paymentProviderId: PaymentProviderId,
    anonymousId: string | null,
    idempotencyKey: string | undefined,
    done: (payment: Payment) => ToastMessage,
  ): Promise<Response> {
    const headers = new Headers({ "Set-Cookie": await lastOrderCookieHeader({ id: order.id, publicId: order.publicId, anonymousId }) });
    let payment: Payment;
    try {
      payment = await payOrder(context, { order, paymentProviderId, anonymousId, idempotencyKey });
    } catch (error) {
      if (!(error instanceof ApiRequestError)) throw error;
      return back(errorToastOf(error), orderPaymentPath(order.id), { headers });
    }
    // A hosted gateway page: the shopper pays there and comes back through the gateway's return address.
    if (payment.redirectUrl) return redirect(payment.redirectUrl, { status: 303, headers });
    return back(done(payment), successfulOrderPath(order.id), { headers });
  }

  return dispatchIntent(await request.formData(), {
    [CHECKOUT_INTENTS.customerInfo]: intent({
      schema: CustomerInfoFormSchema,
      ...stepForm(
        CHECKOUT_INTENTS.customerInfo,
        CUSTOMER_INFO_FIELDS,
        (info) => saveCustomerInfo(context, info),
        toastText("toast.customer_information_saved"),
      ),
    }),
    [CHECKOUT_INTENTS.deliveryAddress]: intent({
      schema: CheckoutAddressFormSchema,
      ...stepForm(
        CHECKOUT_INTENTS.deliveryAddress,
        ADDRESS_FIELDS,
        async ({ saveToBook, ...fields }: z.output<typeof CheckoutAddressFormSchema>) => {
          const address = addressOf(fields);
          await saveDeliveryAddress(context, address);
          if (saveToBook && isSignedIn(context)) await addToAddressBook(context, address);
        },
        toastText("toast.delivery_address_saved"),
      ),
    }),
    [CHECKOUT_INTENTS.savedDeliveryAddress]: intent({
      schema: SavedAddressFormSchema,
      invalid: invalidToast,
      run: ({ savedAddress }) =>
        changing(async () => {
          const address = await savedAddressInput(context, savedAddress);
          if (!address) return back({ kind: "error", message: CHOOSE_SAVED_ADDRESS });
          await saveDeliveryAddress(context, address);
          return saved(toastText("toast.delivery_address_saved"));
        }),
    }),
    [CHECKOUT_INTENTS.billingAddress]: intent({
      schema: CheckoutAddressFormSchema,
      ...stepForm(
        CHECKOUT_INTENTS.billingAddress,
        ADDRESS_FIELDS,
        async ({ saveToBook, ...fields }: z.output<typeof CheckoutAddressFormSchema>) => {
          const address = addressOf(fields);
          await saveBillingAddress(context, { address });
          if (saveToBook && isSignedIn(context)) await addToAddressBook(context, address);
        },
        toastText("toast.billing_address_saved"),
      ),
    }),
    [CHECKOUT_INTENTS.savedBillingAddress]: intent({
      schema: SavedAddressFormSchema,
      invalid: invalidToast,
      run: ({ savedAddress }) =>
        changing(async () => {
          const address = await savedAddressInput(context, savedAddress);
          if (!address) return back({ kind: "error", message: CHOOSE_SAVED_ADDRESS });
          await saveBillingAddress(context, { address });
          return saved(toastText("toast.billing_address_saved"));
        }),
    }),
    [CHECKOUT_INTENTS.billingSameAsDelivery]: intent({
      schema: NoFieldsFormSchema,
      run: () =>
        changing(async () => {
          await saveBillingAddress(context, { sameAsDelivery: true });
          return saved(toastText("toast.billing_address_saved"));
        }),
    }),
    [CHECKOUT_INTENTS.deliveryOption]: intent({
      schema: DeliveryOptionFormSchema,
      invalid: invalidToast,
      run: ({ deliveryZoneOptionId }) =>
        changing(async () => {
          await chooseDeliveryOption(context, deliveryZoneOptionId);
          await trackCheckout(context, "add_shipping_info", (summary) => ({
            shipping_tier: summary.deliveryZoneOption?.deliveryOption.name ?? "",
          }));
          return saved(toastText("toast.delivery_option_saved"));
        }),
    }),
    [CHECKOUT_INTENTS.orderNote]: intent({
      schema: OrderNoteFormSchema,
      ...stepForm(
        CHECKOUT_INTENTS.orderNote,
        ORDER_NOTE_FIELDS,
        (note) => saveOrderNote(context, note),
        actionText("checkout.toast.note_saved"),
      ),
    }),
    [CHECKOUT_INTENTS.applyDiscount]: intent({
      schema: DiscountCodeFormSchema,
      invalid: invalidToast,
      run: ({ discountCode }) =>
        changing(async () => {
          await applyDiscountCode(context, discountCode);
          return saved(actionText("checkout.toast.code_applied", { code: discountCode }));
        }),
    }),
    [CHECKOUT_INTENTS.removeDiscount]: intent({
      schema: DiscountCodeFormSchema,
      invalid: invalidToast,
      run: ({ discountCode }) =>
        changing(async () => {
          await removeDiscountCode(context, discountCode);
          return saved(toastText("toast.discount_code_removed"));
        }),
    }),
    [CHECKOUT_INTENTS.quantity]: intent({
      schema: ChangeQuantityFormSchema,
      invalid: invalidToast,
      run: ({ lineItemId, quantity }) =>
        changing(async () => {
          const before = await checkoutLineBeforeChange(context, lineItemId);
          await changeCheckoutQuantity(context, lineItemId, quantity);
          trackQuantityChange(context, before, quantity);
          return saved(quantity === 0 ? actionText("checkout.toast.removed") : actionText("checkout.toast.updated"));
        }),
    }),
    [CHECKOUT_INTENTS.remove]: intent({
      schema: RemoveLineFormSchema,
      invalid: invalidToast,
      run: ({ lineItemId }) =>
        changing(async () => {
          const before = await checkoutLineBeforeChange(context, lineItemId);
          await removeCheckoutLine(context, lineItemId);
          trackQuantityChange(context, before, 0);
          return saved(actionText("checkout.toast.removed"));
        }),
    }),
    [CHECKOUT_INTENTS.placeOrder]: intent({
      schema: PlaceOrderFormSchema,
      invalid: (errors) => rejectedForm(errors, { intent: CHECKOUT_INTENTS.placeOrder }),
      run: async ({ paymentProviderId, termsAccepted, idempotencyKey }) => {
        let placed: Awaited<ReturnType<typeof placeOrder>>;
        // The payment information is given as the order is placed: reported with the basket it pays for.
        await trackCheckout(context, "add_payment_info", () => ({ payment_type: paymentProviderId }));
        try {
          placed = await placeOrder(context, { termsAccepted, idempotencyKey });
        } catch (error) {
          return failedCheckoutForm(error, { intent: CHECKOUT_INTENTS.placeOrder });
        }
        return pay(placed.order, paymentProviderId, placed.anonymousId, idempotencyKey, () => ({
          kind: "success",
          message: toastText("toast.order_created"),
        }));
      },
    }),
    [CHECKOUT_INTENTS.pay]: intent({
      schema: PayOrderFormSchema,
      invalid: (errors) => rejectedForm(errors, { intent: CHECKOUT_INTENTS.pay }),
      run: async ({ orderId, paymentProviderId, idempotencyKey }) => {
        const anonymousId = orderAnonymousId(context, orderId, await readLastOrder(request)) ?? null;
        // The amount is the order's grand total as the API has it now (spec section 7).
        const order = await requireApiFound(getOrderSummary(context, orderId, anonymousId ?? undefined), request);
        return pay(order, paymentProviderId, anonymousId, idempotencyKey, (payment) => ({
          kind: "success",
          message: payment.status === "captured" ? actionText("checkout.toast.paid") : actionText("checkout.toast.payment_on_its_way"),
        }));
      },
    }),
    [CHECKOUT_INTENTS.refreshPayment]: intent({
      schema: RefreshPaymentFormSchema,
      run: async ({ orderId }) => {
        const anonymousId = orderAnonymousId(context, orderId, await readLastOrder(request));
        let payment: Payment;
        try {
          const { latestPayment } = await getOrderSummary(context, orderId, anonymousId);
          if (!latestPayment) return back({ kind: "error", message: actionText("checkout.toast.no_payment") }, orderPaymentPath(orderId));
          payment = await refreshPayment(context, { orderId, payment: latestPayment, anonymousId });
        } catch (error) {
          if (!(error instanceof ApiRequestError)) throw error;
          // Spec section 8: a failed status check shows the whole error, not only its first item.
          return data<FormFailure>({ errors: [wholeErrorOf(error)], intent: CHECKOUT_INTENTS.refreshPayment }, { status: error.status });
        }
        if (payment.status === "captured") {
          return back({ kind: "success", message: actionText("checkout.toast.paid") }, successfulOrderPath(orderId));
        }
        return back({ kind: "info", message: actionText("checkout.toast.not_reached") }, orderPaymentPath(orderId));
      },
    }),
  });
}

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRootData();
  const loading = useNavigation().state === "loading";
  // Spec section 8: a refused form's first error, as a toast; the form shows them all beside its fields.
  useFailureToast(formFailureOf(actionData));
  const providersError = loaderData.kind === "empty" ? null : loaderData.providersError;
  useEffect(() => {
    // Spec section 8: a failure to read the payment providers shows its first error as a toast.
    if (providersError) toast.error(providersError);
  }, [providersError]);
  const notices = loaderData.kind === "checkout" ? loaderData.summary.basketDetails.notifications : [];
  useAcknowledgeNotices(notices);

  if (loaderData.kind === "empty") return <EmptyCheckout />;
  if (loaderData.kind === "order") {
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

  const { summary, section, editing, deliveryOptions, savedAddresses, canSaveToBook } = loaderData;
  const states = sectionStates(summary.missing, section);
  const given = summary.basketDetails.customerInfo;
  return (
    <Container className="py-6 sm:py-10">
      <h1 className="text-title">{t("checkout.title")}</h1>
      {notices.length ? (
        <div role="status" className="mt-4 grid gap-3">
          <CartNotices notices={notices} label={t("checkout.changes_label")} />
          <DismissNoticesForm notices={notices} />
        </div>
      ) : null}
      {/* Spec section 4's loading flags: the summary and the steps say so while the page is read again. */}
      <div aria-busy={loading || undefined} className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(20rem,2fr)] lg:items-start">
        <div className="flex flex-col gap-4">
          <CheckoutSection
            id="details"
            number={1}
            title={t("checkout.details.title")}
            state={states.details}
            changeHref={`${CHECKOUT_PATH}?${EDIT_PARAM}=details`}
            changeLabel={t("checkout.details.change_label")}
          >
            {states.details === "open" ? (
              <CustomerInfoForm
                editing={editing === "details"}
                failure={failureFor(actionData, CHECKOUT_INTENTS.customerInfo)}
                values={{
                  email: given?.email ?? root?.customer?.email ?? "",
                  firstName: given?.firstName ?? root?.customer?.firstName ?? "",
                  lastName: given?.lastName ?? root?.customer?.lastName ?? "",
                  phone: given?.phone ?? "",
                }}
              />
            ) : given ? (
              <CustomerInfoGiven info={{ ...given, phone: given.phone ?? "" }} />
            ) : null}
          </CheckoutSection>

          <CheckoutSection
            id="delivery"
            number={2}
            title={t("checkout.delivery.title")}
            state={states.delivery}
            changeHref={`${CHECKOUT_PATH}?${EDIT_PARAM}=delivery`}
            changeLabel={t("checkout.delivery.change_label")}
          >
            {states.delivery === "open" ? (
              <DeliveryStep
                summary={summary}
                editing={editing}
                deliveryOptions={deliveryOptions}
                countries={root?.countryOptions ?? []}
                defaultCountry={root?.countryCode}
                addressFailure={failureFor(actionData, CHECKOUT_INTENTS.deliveryAddress)}
                billingFailure={failureFor(actionData, CHECKOUT_INTENTS.billingAddress)}
                savedAddresses={savedAddresses}
                canSaveToBook={canSaveToBook}
              />
            ) : (
              <DeliveryGiven summary={summary} />
            )}
          </CheckoutSection>

          <CheckoutSection id="payment" number={3} title={t("checkout.payment.title")} state={states.payment}>
            <div className="grid gap-6">
              <OrderNoteForm
                referenceNumber={summary.basketDetails.referenceNumber}
                customerComment={summary.basketDetails.customerComment}
                failure={failureFor(actionData, CHECKOUT_INTENTS.orderNote)}
              />
              <PlaceOrderForm
                summary={summary}
                providers={loaderData.providers}
                providersError={loaderData.providersError}
                credits={loaderData.credits}
                guest={loaderData.guest}
                idempotencyKey={loaderData.idempotencyKey}
                failure={failureFor(actionData, CHECKOUT_INTENTS.placeOrder)}
              />
            </div>
          </CheckoutSection>
        </div>
        <div className="lg:sticky lg:top-6">
          <CheckoutOrderSummary summary={summary} />
        </div>
      </div>
    </Container>
  );
}
