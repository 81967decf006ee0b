import type { DeliveryOption } from "@quire/contracts";
import { Form } from "react-router";
import { Price } from "~/components/ui/price";
import { INTENT_FIELD } from "~/lib/form-intents";
import { CHECKOUT_INTENTS } from "./checkout-intents";
import { isPosting, SubmitButton, usePostingForm } from "./submit-button";
import { t } from "~/lib/i18n/messages/checkout-page";

/** "2–4 working days", "1 working day". */
export function deliveryDays(option: Pick<DeliveryOption, "minDays" | "maxDays">): string {
  const days = option.minDays === option.maxDays ? `${option.maxDays}` : `${option.minDays}–${option.maxDays}`;
  return option.maxDays === 1 ? t("checkout.delivery.days_one", { days }) : t("checkout.delivery.days", { days });
}

/** The radio cards' look: a checked card takes the accent. */
export const choiceCardClass =
  "flex cursor-pointer items-start gap-3 rounded-control border border-line-strong bg-surface p-4 transition-colors hover:border-ink has-checked:border-accent has-checked:bg-accent-soft";

/**
 * The delivery options of the address's zone (GET /baskets/checkout/delivery/available-options), each with
 * what it would cost this basket: the API's charge, free when the basket passes the option's threshold.
 */
export function DeliveryOptionsForm({ options, chosenId }: { options: DeliveryOption[]; chosenId: number | null }) {
  const posting = usePostingForm();
  if (options.length === 0) {
    return <p className="text-ink-muted">{t("checkout.delivery.none")}</p>;
  }
  return (
    <Form method="post" preventScrollReset className="grid gap-4">
      <input type="hidden" name={INTENT_FIELD} value={CHECKOUT_INTENTS.deliveryOption} />
      <fieldset className="grid gap-3">
        <legend className="mb-3 font-semibold">{t("checkout.delivery.option")}</legend>
        {options.map((option) => (
          <label key={option.id} className={choiceCardClass}>
            <input
              type="radio"
              name="deliveryZoneOptionId"
              value={option.id}
              required
              defaultChecked={option.id === (chosenId ?? options[0]?.id)}
              className="mt-1 size-4 shrink-0 accent-accent"
            />
            <span className="flex min-w-0 flex-1 flex-col gap-0.5">
              <span className="flex flex-wrap items-baseline justify-between gap-x-4">
                <span className="font-semibold">{option.name}</span>
                {option.charge.amount === 0 ? (
                  <span className="font-semibold text-success">{t("checkout.free")}</span>
                ) : (
                  <Price amount={option.charge.amount} currencyCode={option.charge.currencyCode} />
                )}
              </span>
              <span className="text-sm text-ink-muted">
                {deliveryDays(option)} · {option.description}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <div>
        <SubmitButton
          pending={isPosting(posting, CHECKOUT_INTENTS.deliveryOption)}
          waiting={posting !== undefined}
          pendingLabel={t("checkout.saving")}
        >
          {t("checkout.delivery.save_option")}
        </SubmitButton>
      </div>
    </Form>
  );
}
