import { Form } from "react-router";
import { PostalAddress } from "~/features/account/saved-address";
import { INTENT_FIELD } from "~/lib/form-intents";
import { SAVE_TO_BOOK_FIELD, SAVED_ADDRESS_FIELD, type SavedAddressOption } from "./checkout-forms";
import { isPosting, SubmitButton, usePostingForm } from "./submit-button";
import { t } from "~/lib/i18n/messages/checkout-page";

/**
 * A signed-in customer's saved addresses as radio cards (their own, then their company's), one already
 * chosen: the address in use, else the default of this kind, else the first. One button uses it.
 */
export function SavedAddressChoice({
  intent,
  options,
  kind,
  currentFormatted,
  submitLabel,
}: {
  intent: string;
  options: SavedAddressOption[];
  kind: "delivery" | "billing";
  /** The address the checkout holds now, which stays chosen when it is one of these. */
  currentFormatted: string | undefined;
  submitLabel: string;
}) {
  const posting = usePostingForm();
  const chosen =
    options.find((option) => option.address.formattedAddress === currentFormatted) ??
    options.find((option) => (kind === "delivery" ? option.isDefaultDelivery : option.isDefaultBilling)) ??
    options[0];
  const groups = [
    { source: "mine", legend: t("checkout.saved.mine") },
    { source: "company", legend: t("checkout.saved.company") },
  ] as const;
  return (
    <Form method="post" preventScrollReset className="grid gap-4">
      <input type="hidden" name={INTENT_FIELD} value={intent} />
      {groups.map(({ source, legend }) => {
        const group = options.filter((option) => option.source === source);
        if (group.length === 0) return null;
        return (
          <fieldset key={source} className="grid gap-3">
            <legend className="mb-2 text-sm font-medium text-ink">{legend}</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {group.map((option) => (
                <label
                  key={option.key}
                  className="flex cursor-pointer gap-3 rounded-control border border-line-strong bg-surface p-4 has-checked:border-accent has-checked:ring-1 has-checked:ring-accent"
                >
                  <input
                    type="radio"
                    name={SAVED_ADDRESS_FIELD}
                    value={option.key}
                    defaultChecked={option.key === chosen?.key}
                    className="mt-1 size-4 shrink-0 accent-accent"
                  />
                  <span className="min-w-0 text-sm">
                    <PostalAddress address={option.address} />
                    {option.isDefaultDelivery || option.isDefaultBilling ? (
                      <span className="mt-2 block text-xs font-semibold text-accent">
                        {[
                          option.isDefaultDelivery ? t("checkout.default_delivery") : null,
                          option.isDefaultBilling ? t("checkout.default_billing") : null,
                        ]
                          .filter(Boolean)
                          .join(" · ")}
                      </span>
                    ) : null}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
      <div>
        <SubmitButton pending={isPosting(posting, intent)} waiting={posting !== undefined} pendingLabel={t("checkout.saving")}>
          {submitLabel}
        </SubmitButton>
      </div>
    </Form>
  );
}

/** The new address form's choice to keep the address in the address book too (ticked by default). */
export function SaveToBookField() {
  return (
    <div className="flex items-start gap-3">
      <input
        id={`checkout-${SAVE_TO_BOOK_FIELD}`}
        type="checkbox"
        name={SAVE_TO_BOOK_FIELD}
        value="on"
        defaultChecked
        className="mt-0.5 size-5 shrink-0 accent-accent"
      />
      <label htmlFor={`checkout-${SAVE_TO_BOOK_FIELD}`} className="text-sm text-ink">
        {t("checkout.saved.save_to_book")}
      </label>
    </div>
  );
}
