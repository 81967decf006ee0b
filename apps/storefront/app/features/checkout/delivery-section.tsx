import type { CheckoutSummary, DeliveryOption } from "@quire/contracts";
import { Link } from "react-router";
import { ButtonLink, textLinkClass } from "~/components/ui/button";
import { Price } from "~/components/ui/price";
import type { FormFailure } from "~/components/forms/form-errors";
import type { RootData } from "~/features/layout/root-data";
import { CHECKOUT_INTENTS } from "./checkout-intents";
import { AddressForm } from "./address-form";
import { BillingAddress } from "./billing-address";
import { CHECKOUT_PATH, EDIT_PARAM, type EditableSection, type SavedAddressOption } from "./checkout-forms";
import { isSectionComplete } from "./checkout-steps";
import { deliveryDays, DeliveryOptionsForm } from "./delivery-options-form";
import { SavedAddressChoice, SaveToBookField } from "./saved-address-choice";
import { t } from "~/lib/i18n/messages/checkout-page";

const subheading = "mb-3 font-semibold";

/** A finished delivery section: the address, the option and the billing address given. */
export function DeliveryGiven({ summary }: { summary: CheckoutSummary }) {
  if (!summary.deliveryAddress) return null;
  const option = summary.deliveryZoneOption?.deliveryOption;
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      <div>
        <dt className="text-sm text-ink-muted">{t("checkout.delivery.address")}</dt>
        <dd>
          <address className="not-italic">{summary.deliveryAddress.formattedAddress}</address>
        </dd>
      </div>
      <div>
        <dt className="text-sm text-ink-muted">{t("checkout.delivery.option")}</dt>
        <dd>
          {option ? (
            <>
              {option.name} ·{" "}
              {option.charge.amount === 0 ? (
                t("checkout.free")
              ) : (
                <Price amount={option.charge.amount} currencyCode={option.charge.currencyCode} />
              )}
              <span className="block text-sm text-ink-muted">{deliveryDays(option)}</span>
            </>
          ) : (
            t("checkout.delivery.not_chosen")
          )}
        </dd>
      </div>
      <div>
        <dt className="text-sm text-ink-muted">{t("checkout.delivery.billing")}</dt>
        <dd>
          {summary.billingSameAsDelivery || !summary.billingAddress ? (
            t("checkout.delivery.same")
          ) : (
            <address className="not-italic">{summary.billingAddress.formattedAddress}</address>
          )}
        </dd>
      </div>
    </dl>
  );
}

/**
 * The open delivery section (step 1): the address form until there is an address (or while it is being
 * changed); then the address, the delivery options of its zone, and the billing address.
 */
export function DeliveryStep({
  summary,
  editing,
  deliveryOptions,
  countries,
  defaultCountry,
  addressFailure,
  billingFailure,
  savedAddresses,
  canSaveToBook,
}: {
  summary: CheckoutSummary;
  /** A signed-in customer's saved addresses (none for a guest). */
  savedAddresses: SavedAddressOption[];
  /** Whether a new address may also be kept in the address book. */
  canSaveToBook: boolean;
  editing: EditableSection | null;
  deliveryOptions: DeliveryOption[];
  countries: RootData["countryOptions"];
  /** The shopper's delivery country (the header's choice), which a new address starts with. */
  defaultCountry: string | undefined;
  addressFailure?: FormFailure;
  billingFailure?: FormFailure;
}) {
  const address = summary.deliveryAddress;
  if (!address || editing === "address" || addressFailure) {
    const buyer = summary.basketDetails.customerInfo;
    const country = countries.find((option) => option.code === defaultCountry)?.code ?? countries[0]?.code ?? "GB";
    const form = (
      <AddressForm
        intent={CHECKOUT_INTENTS.deliveryAddress}
        values={
          address ?? { firstName: buyer?.firstName ?? "", lastName: buyer?.lastName ?? "", countryCode: country, phone: buyer?.phone }
        }
        failure={addressFailure}
        countries={countries}
        submitLabel={address ? t("checkout.delivery.save_address") : t("checkout.continue")}
        cancelHref={address ? CHECKOUT_PATH : undefined}
        fields={canSaveToBook ? <SaveToBookField /> : undefined}
      />
    );
    if (savedAddresses.length === 0) {
      return (
        <div>
          <h3 className={subheading}>{t("checkout.delivery.address")}</h3>
          {form}
        </div>
      );
    }
    return (
      <div className="grid gap-6">
        <div>
          <h3 className={subheading}>{t("checkout.delivery.saved_address")}</h3>
          <SavedAddressChoice
            intent={CHECKOUT_INTENTS.savedDeliveryAddress}
            options={savedAddresses}
            kind="delivery"
            currentFormatted={address?.formattedAddress}
            submitLabel={t("checkout.delivery.to_this")}
          />
        </div>
        {/* Open when the new address was refused, so its errors show; a disclosure otherwise. */}
        <details className="group border-t border-line pt-5" open={addressFailure !== undefined}>
          <summary className={`${subheading} cursor-pointer`}>{t("checkout.delivery.new_address")}</summary>
          <div className="mt-3">{form}</div>
        </details>
      </div>
    );
  }
  return (
    <div className="grid gap-6">
      <div>
        <div className="flex items-baseline justify-between gap-4">
          <h3 className={subheading}>{t("checkout.delivery.address")}</h3>
          <Link to={`${CHECKOUT_PATH}?${EDIT_PARAM}=address`} preventScrollReset className={`${textLinkClass} text-sm`}>
            {t("checkout.change")}
            <span className="sr-only">{t("checkout.change_delivery_address")}</span>
          </Link>
        </div>
        <address className="not-italic">{address.formattedAddress}</address>
      </div>
      <div className="border-t border-line pt-5">
        <DeliveryOptionsForm options={deliveryOptions} chosenId={summary.deliveryZoneOption?.id ?? null} />
      </div>
      <div className="border-t border-line pt-5">
        <h3 className={subheading}>{t("checkout.delivery.billing")}</h3>
        <BillingAddress
          summary={summary}
          editing={editing === "billing" || billingFailure !== undefined}
          failure={billingFailure}
          countries={countries}
          savedAddresses={savedAddresses}
          canSaveToBook={canSaveToBook}
        />
      </div>
      {/* Reopened to look or change, with nothing missing: the way on without saving anything. */}
      {isSectionComplete(summary.missing, "delivery") && editing !== "billing" ? (
        <div className="border-t border-line pt-5">
          <ButtonLink to={CHECKOUT_PATH} preventScrollReset variant="secondary">
            {t("checkout.delivery.continue")}
          </ButtonLink>
        </div>
      ) : null}
    </div>
  );
}
