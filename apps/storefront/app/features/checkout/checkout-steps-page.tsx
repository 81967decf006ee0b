import { useNavigation } from "react-router";
import { Container } from "~/components/ui/container";
import { DismissNoticesForm } from "~/features/cart/acknowledge-notices";
import { CartNotices } from "~/features/cart/cart-notices";
import { t } from "~/lib/i18n/messages/checkout-page";
import { useRootData } from "~/features/layout/root-data";
import { CHECKOUT_INTENTS } from "./checkout-intents";
import { CHECKOUT_PATH, EDIT_PARAM, failureFor } from "./checkout-forms";
import type { loadCheckoutPage } from "./checkout-page.server";
import { CheckoutSection } from "./checkout-section";
import { sectionStates } from "./checkout-steps";
import { CheckoutOrderSummary } from "./checkout-summary";
import { CustomerInfoForm, CustomerInfoGiven } from "./customer-info-form";
import { DeliveryGiven, DeliveryStep } from "./delivery-section";
import { OrderNoteForm } from "./order-note-form";
import { PlaceOrderForm } from "./place-order-form";

/** The checkout's steps as the loader read them (a basket to check out). */
export type CheckoutStepsData = Extract<Awaited<ReturnType<typeof loadCheckoutPage>>, { kind: "checkout" }>;

/**
 * The checkout before the order: the basket's notices, the three sections (details, delivery, payment), each
 * open, done or waiting as the summary says, and the order summary beside them.
 */
export function CheckoutStepsPage({ page, actionData }: { page: CheckoutStepsData; actionData: unknown }) {
  const root = useRootData();
  const loading = useNavigation().state === "loading";
  const { summary, section, editing, deliveryOptions, savedAddresses, canSaveToBook } = page;
  const notices = summary.basketDetails.notifications;
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
      {/* The summary and the steps say they are loading while the page is read again. */}
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
                  phone: given?.phone || page.savedPhone,
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
                providers={page.providers}
                providersError={page.providersError}
                credits={page.credits}
                guest={page.guest}
                privacyPolicyId={page.privacyPolicyId}
                idempotencyKey={page.idempotencyKey}
                failure={failureFor(actionData, CHECKOUT_INTENTS.placeOrder)}
              />
            </div>
          </CheckoutSection>
        </div>
        <div data-side-summary className="lg:sticky lg:top-6">
          <CheckoutOrderSummary summary={summary} />
        </div>
      </div>
    </Container>
  );
}
