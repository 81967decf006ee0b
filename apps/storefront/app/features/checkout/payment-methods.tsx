import { CardBrandIcon } from "~/components/ui/icon";
import { Price } from "~/components/ui/price";
import { FieldError } from "~/components/forms/text-field";
import type { MoneyDto } from "@quire/contracts";
import type { CustomerCredits, PaymentProvider } from "./checkout-types";
import { isBeyondCredit } from "./credit-cover";
import { choiceCardClass } from "./delivery-options-form";
import { t } from "~/lib/i18n/messages/checkout-page";
import { textAround } from "~/lib/i18n/translator";

/**
 * The payment type (step 2, docs/storefront-behaviour/payments.md): a radio card per provider the API offers this
 * buyer, with the card brands a card provider takes and, for pay on account, the credit left. When that credit
 * cannot pay `amountDue`, pay on account is shown unavailable, with the reason, and cannot be chosen (the API
 * refuses such an order too, before making it).
 */
export function PaymentMethods({
  providers,
  credits,
  amountDue,
  defaultId,
  error,
}: {
  providers: PaymentProvider[];
  /** A trade customer's credit, when pay on account is offered. */
  credits: CustomerCredits | null;
  /** What the order costs: the credit must cover it. */
  amountDue: MoneyDto;
  defaultId: string | undefined;
  /** Why the choice was refused. */
  error?: string;
}) {
  const creditAvailable = textAround(t("checkout.payment.credit_available"), "amount");
  const creditShort = (provider: PaymentProvider) => isBeyondCredit(provider, credits, amountDue);
  const choosable = providers.filter((provider) => !creditShort(provider));
  const checkedId = choosable.some((provider) => provider.id === defaultId) ? defaultId : choosable[0]?.id;
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? "payment-method-error" : undefined}>
      <legend className="mb-3 font-semibold">{t("checkout.payment.method")}</legend>
      {providers.map((provider) => (
        <label key={provider.id} className={choiceCardClass}>
          <input
            type="radio"
            name="paymentProviderId"
            value={provider.id}
            required
            disabled={creditShort(provider)}
            aria-describedby={creditShort(provider) ? `${provider.id}-unavailable` : undefined}
            defaultChecked={provider.id === checkedId}
            className="mt-1 size-4 shrink-0 accent-accent"
          />
          <span className="flex min-w-0 flex-1 flex-col gap-1">
            <span className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
              <span className="font-semibold">{provider.settings.name}</span>
              {provider.settings.cardBrands.length > 0 ? (
                <span className="flex items-center gap-1.5">
                  {provider.settings.cardBrands.map((brand) => (
                    <CardBrandIcon key={brand} brand={brand} />
                  ))}
                </span>
              ) : null}
            </span>
            <span className="text-sm text-ink-muted">{provider.settings.description}</span>
            {provider.settings.kind === "on_account" && credits ? (
              <span className="text-sm">
                {creditAvailable[0]}
                <Price amount={credits.available.amount} currencyCode={credits.available.currencyCode} />
                {creditAvailable[1]}
              </span>
            ) : null}
            {creditShort(provider) ? (
              <span id={`${provider.id}-unavailable`} className="text-sm font-semibold text-danger">
                {t("checkout.payment.credit_short")}
              </span>
            ) : null}
          </span>
        </label>
      ))}
      <FieldError id="payment-method-error" message={error} />
    </fieldset>
  );
}
