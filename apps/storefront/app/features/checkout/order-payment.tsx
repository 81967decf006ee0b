import type { PaymentProviderId } from "@quire/contracts";
import { formatMoney } from "@quire/money";
import { Form, Link } from "react-router";
import { textLinkClass } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { FormAlert, FormNotice } from "~/components/forms/form-alert";
import { fieldError, formErrors, type FormFailure } from "~/components/forms/form-errors";
import { IDEMPOTENCY_KEY_FIELD } from "~/features/cart/cart-forms";
import { INTENT_FIELD } from "~/lib/form-intents";
import { CHECKOUT_INTENTS } from "./checkout-intents";
import { PLACE_ORDER_FIELDS, successfulOrderPath } from "./checkout-forms";
import type { CustomerCredits, OrderSummary, PaymentProvider } from "./checkout-types";
import { PaymentMethods } from "./payment-methods";
import { isPosting, SubmitButton, usePostingForm } from "./submit-button";
import { t } from "~/lib/i18n/messages/checkout-page";
import { textAround } from "~/lib/i18n/translator";

/**
 * The payment of an order already placed (step 3 for a signed-in customer, 4 for a guest):
 * where a shopper lands when paying did not go through, or comes back to pay. They choose a provider and pay
 * the order's grand total; a payment already started can be checked again (POST /payments/refresh).
 */
export function OrderPayment({
  order,
  providers,
  providersError,
  credits,
  chosen,
  failure,
  refreshFailure,
  idempotencyKey,
}: {
  order: OrderSummary;
  providers: PaymentProvider[];
  providersError: string | null;
  credits: CustomerCredits | null;
  /** The provider of the payment this browser started for the order (its status can be asked for); null when none. */
  chosen: PaymentProviderId | null;
  failure?: FormFailure;
  /** A failed status check: the whole error, every message of it (docs/storefront-behaviour/payments.md). */
  refreshFailure?: FormFailure;
  /** The Idempotency-Key of this render of the form (decision 018): a resent form pays once. */
  idempotencyKey: string;
}) {
  const posting = usePostingForm();
  const waiting = textAround(t("checkout.pay.waiting"), "number");
  const waitingAmount = textAround(waiting[1], "amount");
  const proformaChosen = textAround(t("checkout.pay.proforma_chosen"), "link");
  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <div className="flex items-start gap-4 rounded-card border border-success/40 bg-success-soft p-5">
        <Icon name="check" className="mt-1 size-6 shrink-0 text-success" />
        <div className="grid gap-1">
          <h1 className="text-title">{t("checkout.pay.placed")}</h1>
          <p>
            {waiting[0]}
            <strong className="font-mono">{order.publicId}</strong>
            {waitingAmount[0]}
            <strong>{formatMoney(order.grandTotal)}</strong>
            {waitingAmount[1]}
          </p>
        </div>
      </div>

      <section aria-labelledby="pay-heading" className="rounded-card border border-line-strong bg-surface p-5 shadow-sm sm:p-6">
        <h2 id="pay-heading" className="text-xl">
          {t("checkout.pay.title")}
        </h2>
        <Form method="post" noValidate preventScrollReset className="mt-5 grid gap-6">
          <input type="hidden" name={INTENT_FIELD} value={CHECKOUT_INTENTS.pay} />
          <input type="hidden" name="orderId" value={order.id} />
          <input type="hidden" name={IDEMPOTENCY_KEY_FIELD} value={idempotencyKey} />
          <FormAlert errors={formErrors(failure, PLACE_ORDER_FIELDS)} />
          {providersError ? <FormAlert errors={[{ code: "payment_providers", message: providersError }]} /> : null}
          {chosen === "proforma-invoice" ? (
            <FormNotice>
              <p>
                {proformaChosen[0]}
                <Link to={successfulOrderPath(order.id)} className={textLinkClass}>
                  {t("checkout.pay.order_page")}
                </Link>
                {proformaChosen[1]}
              </p>
            </FormNotice>
          ) : null}
          {providers.length > 0 ? (
            <PaymentMethods
              providers={providers}
              credits={credits}
              amountDue={order.grandTotal}
              defaultId={providers.some((provider) => provider.id === chosen) ? (chosen ?? undefined) : providers[0]?.id}
              error={fieldError(failure, "paymentProviderId")}
            />
          ) : null}
          <SubmitButton
            className="w-full text-lg"
            pending={isPosting(posting, CHECKOUT_INTENTS.pay)}
            waiting={posting !== undefined}
            disabled={providers.length === 0}
            pendingLabel={t("checkout.pay.paying")}
          >
            <Icon name="lock" className="size-5" />
            {t("checkout.pay.submit", { amount: formatMoney(order.grandTotal) })}
          </SubmitButton>
        </Form>
        {refreshFailure ? (
          <div className="mt-5">
            <FormAlert errors={refreshFailure.errors} />
          </div>
        ) : null}
        {chosen ? (
          <Form method="post" preventScrollReset className="mt-5 grid gap-3 border-t border-line pt-5 text-sm">
            <input type="hidden" name={INTENT_FIELD} value={CHECKOUT_INTENTS.refreshPayment} />
            <input type="hidden" name="orderId" value={order.id} />
            <div className="flex flex-wrap items-center gap-3">
              <span className="text-ink-muted">{t("checkout.pay.paid_elsewhere")}</span>
              <SubmitButton
                variant="secondary"
                size="sm"
                pending={isPosting(posting, CHECKOUT_INTENTS.refreshPayment)}
                waiting={posting !== undefined}
              >
                {t("checkout.pay.check_status")}
              </SubmitButton>
            </div>
          </Form>
        ) : null}
      </section>
      <p className="text-center text-sm">
        <Link to={successfulOrderPath(order.id)} className={textLinkClass}>
          {t("checkout.pay.view_order")}
        </Link>
      </p>
    </div>
  );
}
