import type { CheckoutSummary } from "@quire/contracts";
import { formatMoney } from "@quire/money";
import { Form, Link } from "react-router";
import { textLinkClass } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { MinimumOrderNotice } from "~/features/cart/minimum-order-notice";
import { FormAlert } from "~/components/forms/form-alert";
import { fieldError, formErrors, type FormFailure } from "~/components/forms/form-errors";
import { FieldError } from "~/components/forms/text-field";
import { IDEMPOTENCY_KEY_FIELD } from "~/features/cart/cart-forms";
import { INTENT_FIELD } from "~/lib/form-intents";
import { CHECKOUT_INTENTS } from "./checkout-intents";
import { PLACE_ORDER_FIELDS } from "./checkout-forms";
import type { CustomerCredits, PaymentProvider } from "./checkout-types";
import { PaymentMethods } from "./payment-methods";
import { isPosting, SubmitButton, usePostingForm } from "./submit-button";
import { t } from "~/lib/i18n/messages/checkout-page";
import { textAround } from "~/lib/i18n/translator";

/** The minimum-order message, worded from the API's figure; null when it is met or there is none. */
export function minimumOrderText(minimum: CheckoutSummary["minimumOrder"]): string | null {
  if (!minimum || minimum.isMet) return null;
  return t("checkout.minimum_order", { amount: formatMoney(minimum.amount) });
}

/**
 * Step 2, the payment type, and "Place order": the providers, the terms box when the shop asks for it
 * (docs/storefront-behaviour/checkout.md), and the button, held back while the minimum order is not met. The form
 * carries this render's Idempotency-Key, so a resent form places the order once (decision 018).
 */
export function PlaceOrderForm({
  summary,
  providers,
  providersError,
  credits,
  guest,
  privacyPolicyId,
  failure,
  idempotencyKey,
}: {
  summary: CheckoutSummary;
  providers: PaymentProvider[];
  /** Why the providers could not be read: the API's first error. */
  providersError: string | null;
  credits: CustomerCredits | null;
  guest: boolean;
  /** The privacy policy a guest is shown here, posted with the order as the one they accepted; null when none. */
  privacyPolicyId: string | null;
  failure?: FormFailure;
  /** The Idempotency-Key of this render of the form (decision 018): a resent form places the order once. */
  idempotencyKey: string;
}) {
  const posting = usePostingForm();
  const minimum = minimumOrderText(summary.minimumOrder);
  const terms = summary.termsAndConditions;
  const placing = isPosting(posting, CHECKOUT_INTENTS.placeOrder);
  const termsError = fieldError(failure, "termsAccepted");
  const cannotOrder = minimum !== null || providers.length === 0;
  const describedBy = [minimum ? "minimum-order" : null, providers.length === 0 ? "no-payment-methods" : null].filter(Boolean).join(" ");
  const acceptTerms = textAround(t("checkout.payment.accept_terms"), "link");
  const privacy = textAround(t("checkout.payment.privacy"), "link");
  return (
    <Form method="post" noValidate preventScrollReset className="grid gap-6">
      <input type="hidden" name={INTENT_FIELD} value={CHECKOUT_INTENTS.placeOrder} />
      <input type="hidden" name={IDEMPOTENCY_KEY_FIELD} value={idempotencyKey} />
      {guest && privacyPolicyId !== null ? <input type="hidden" name="privacyPolicyId" value={privacyPolicyId} /> : null}
      <FormAlert errors={formErrors(failure, PLACE_ORDER_FIELDS)} />
      {providersError ? <FormAlert errors={[{ code: "payment_providers", message: providersError }]} /> : null}
      {providers.length > 0 ? (
        <PaymentMethods
          providers={providers}
          credits={credits}
          amountDue={summary.grandTotal}
          defaultId={providers[0]?.id}
          error={fieldError(failure, "paymentProviderId")}
        />
      ) : providersError ? null : (
        <p id="no-payment-methods" className="text-ink-muted">
          {t("checkout.payment.none")}
        </p>
      )}

      {terms.required ? (
        <div className="grid gap-3 rounded-control border border-line bg-paper p-4">
          <p className="text-sm text-ink-muted">{terms.text}</p>
          <div className="flex items-start gap-3">
            <input
              id="terms-accepted"
              type="checkbox"
              name="termsAccepted"
              value="on"
              aria-invalid={termsError ? true : undefined}
              aria-describedby={termsError ? "terms-error" : undefined}
              className="mt-0.5 size-5 shrink-0 accent-accent"
            />
            <label htmlFor="terms-accepted" className="text-sm font-medium">
              {acceptTerms[0]}
              <Link to="/terms-and-conditions" target="_blank" className={textLinkClass}>
                {t("checkout.payment.terms")}
                <span className="sr-only">{t("checkout.payment.new_tab")}</span>
              </Link>
              {acceptTerms[1]}
            </label>
          </div>
          <FieldError id="terms-error" message={termsError} />
        </div>
      ) : null}

      {minimum ? <MinimumOrderNotice message={minimum} /> : null}

      <div className="grid gap-3">
        <SubmitButton
          className="w-full text-lg"
          pending={placing}
          waiting={posting !== undefined}
          disabled={cannotOrder}
          aria-describedby={describedBy || undefined}
          pendingLabel={t("checkout.payment.placing")}
        >
          <Icon name="lock" className="size-5" />
          {t("checkout.payment.place")}
        </SubmitButton>
        <p className="text-center text-sm text-ink-muted">
          {t("checkout.payment.you_will_pay", { amount: formatMoney(summary.grandTotal) })}
          {guest ? (
            <>
              {privacy[0]}
              <Link to="/privacy-policy" className={textLinkClass}>
                {t("checkout.payment.privacy_link")}
              </Link>
              {privacy[1]}
            </>
          ) : null}
        </p>
      </div>
    </Form>
  );
}
