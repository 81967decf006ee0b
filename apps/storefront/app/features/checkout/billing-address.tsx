import type { CheckoutSummary } from "@quire/contracts";
import { Form, Link } from "react-router";
import { textLinkClass } from "~/components/ui/button";
import type { FormFailure } from "~/components/forms/form-errors";
import type { RootData } from "~/features/layout/root-data";
import { INTENT_FIELD } from "~/lib/form-intents";
import { CHECKOUT_INTENTS } from "./checkout-intents";
import { AddressForm, type AddressValues } from "./address-form";
import { CHECKOUT_PATH, EDIT_PARAM, type SavedAddressOption } from "./checkout-forms";
import { SavedAddressChoice, SaveToBookField } from "./saved-address-choice";
import { isPosting, SubmitButton, usePostingForm } from "./submit-button";
import { t } from "~/lib/i18n/messages/checkout-page";

/** "Same as delivery", in a form of its own (PUT /baskets/checkout/billing-address { sameAsDelivery }). */
function SameAsDeliveryForm({ label }: { label: string }) {
  const posting = usePostingForm();
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name={INTENT_FIELD} value={CHECKOUT_INTENTS.billingSameAsDelivery} />
      <SubmitButton
        variant="secondary"
        size="sm"
        pending={isPosting(posting, CHECKOUT_INTENTS.billingSameAsDelivery)}
        waiting={posting !== undefined}
      >
        {label}
      </SubmitButton>
    </Form>
  );
}

/**
 * The billing address: the delivery address unless the shopper gives another. Giving one opens its form
 * (a link, so it works without JavaScript); either answer can be taken back.
 */
export function BillingAddress({
  summary,
  editing,
  failure,
  countries,
  savedAddresses = [],
  canSaveToBook = false,
}: {
  summary: Pick<CheckoutSummary, "billingAddress" | "billingSameAsDelivery" | "deliveryAddress">;
  editing: boolean;
  failure?: FormFailure;
  countries: RootData["countryOptions"];
  /** A signed-in customer's saved addresses (none for a guest). */
  savedAddresses?: SavedAddressOption[];
  canSaveToBook?: boolean;
}) {
  const { billingAddress, billingSameAsDelivery, deliveryAddress } = summary;
  if (editing) {
    // A new billing address starts with the delivery address's names and country; a saved one as it is.
    const values: AddressValues =
      !billingSameAsDelivery && billingAddress
        ? billingAddress
        : deliveryAddress
          ? { firstName: deliveryAddress.firstName, lastName: deliveryAddress.lastName, countryCode: deliveryAddress.countryCode }
          : { firstName: "", lastName: "", countryCode: countries[0]?.code ?? "GB" };
    const form = (
      <AddressForm
        intent={CHECKOUT_INTENTS.billingAddress}
        values={values}
        failure={failure}
        countries={countries}
        submitLabel={t("checkout.billing.save")}
        cancelHref={CHECKOUT_PATH}
        fields={canSaveToBook ? <SaveToBookField /> : undefined}
      />
    );
    return (
      <div className="grid gap-4">
        {savedAddresses.length > 0 ? (
          <>
            <SavedAddressChoice
              intent={CHECKOUT_INTENTS.savedBillingAddress}
              options={savedAddresses}
              kind="billing"
              currentFormatted={billingSameAsDelivery ? undefined : billingAddress?.formattedAddress}
              submitLabel={t("checkout.billing.this")}
            />
            <details className="border-t border-line pt-4" open={failure !== undefined}>
              <summary className="cursor-pointer font-semibold">{t("checkout.billing.new")}</summary>
              <div className="mt-3">{form}</div>
            </details>
          </>
        ) : (
          form
        )}
        <div className="flex flex-wrap items-center gap-3 border-t border-line pt-4 text-sm text-ink-muted">
          <span>{t("checkout.billing.or_delivery")}</span>
          <SameAsDeliveryForm label={t("checkout.billing.use_delivery")} />
        </div>
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      {billingSameAsDelivery || !billingAddress ? (
        <p>{t("checkout.billing.same")}</p>
      ) : (
        <address className="not-italic">{billingAddress.formattedAddress}</address>
      )}
      <div className="flex flex-wrap items-center gap-4">
        <Link to={`${CHECKOUT_PATH}?${EDIT_PARAM}=billing`} preventScrollReset className={`${textLinkClass} text-sm`}>
          {billingSameAsDelivery ? t("checkout.billing.different") : t("checkout.billing.change")}
        </Link>
        {billingSameAsDelivery ? null : <SameAsDeliveryForm label={t("checkout.billing.use_delivery")} />}
      </div>
    </div>
  );
}
