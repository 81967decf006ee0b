import type { AddressAnswer } from "@quire/contracts";
import { isPostcodeRequired } from "@quire/contracts/postcodes";
import { useId, useState, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { textLinkClass } from "~/components/ui/button";
import { labelClass, selectChevronClass, selectClass } from "~/components/ui/field";
import { FormAlert } from "~/components/forms/form-alert";
import { fieldError, formErrors, type FormFailure } from "~/components/forms/form-errors";
import { FieldError, TextField } from "~/components/forms/text-field";
import type { RootData } from "~/features/layout/root-data";
import { INTENT_FIELD } from "~/lib/form-intents";
import { ADDRESS_FIELDS } from "./checkout-forms";
import { isPosting, SubmitButton, usePostingForm } from "./submit-button";
import { t } from "~/lib/i18n/messages/checkout-page";

/** What an address form starts with: a saved address, or a new one's country and names. */
export type AddressValues = Pick<AddressAnswer, "firstName" | "lastName" | "countryCode"> &
  Partial<Pick<AddressAnswer, "company" | "line1" | "line2" | "city" | "region" | "postcode" | "phone">>;

/**
 * A postal address as a UK, EU or US delivery needs it (the contract's AddressSchema, which the action
 * checks again): the country first, since it decides what the postcode and region must be.
 */
export function AddressForm({
  intent,
  values,
  failure,
  countries,
  submitLabel,
  cancelHref,
  children,
  fields,
}: {
  intent: string;
  values: AddressValues;
  failure?: FormFailure;
  countries: RootData["countryOptions"];
  submitLabel: string;
  /** Where "Cancel" leads when an address is being changed. */
  cancelHref?: string;
  /** More of the form after the fields (another way to answer it). */
  children?: ReactNode;
  /** More fields after the address's own, before the buttons (an id, the address book's choices). */
  fields?: ReactNode;
}) {
  const id = useId();
  const posting = usePostingForm();
  const typed = failure?.values;
  const value = (field: (typeof ADDRESS_FIELDS)[number]) => typed?.[field] ?? values[field] ?? "";
  /** A field's name, what it shows (what was typed, else what is saved) and its error. */
  const bound = (field: (typeof ADDRESS_FIELDS)[number]) => ({
    name: field,
    defaultValue: value(field),
    error: fieldError(failure, field),
  });
  const countryError = fieldError(failure, "countryCode");
  // The postcode is marked required or optional for the chosen country: as rendered for the country the form
  // starts with, and following the select once JavaScript runs.
  const [countryCode, setCountryCode] = useState(value("countryCode"));
  return (
    <Form method="post" noValidate preventScrollReset className="grid gap-5">
      <input type="hidden" name={INTENT_FIELD} value={intent} />
      <FormAlert errors={formErrors(failure, ADDRESS_FIELDS)} />
      <div>
        <label htmlFor={`${id}-country`} className={labelClass}>
          {t("checkout.address.country")}
        </label>
        <select
          id={`${id}-country`}
          name="countryCode"
          autoComplete="country"
          defaultValue={value("countryCode")}
          onChange={(event) => setCountryCode(event.target.value)}
          aria-invalid={countryError ? true : undefined}
          aria-describedby={countryError ? `${id}-country-error` : undefined}
          className={`${selectClass} ${selectChevronClass}`}
        >
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.label}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-country-error`} message={countryError} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label={t("checkout.address.first_name")} {...bound("firstName")} autoComplete="given-name" required maxLength={100} />
        <TextField label={t("checkout.address.last_name")} {...bound("lastName")} autoComplete="family-name" required maxLength={100} />
      </div>
      <TextField label={t("checkout.address.company")} {...bound("company")} autoComplete="organization" maxLength={200} />
      <TextField label={t("checkout.address.line1")} {...bound("line1")} autoComplete="address-line1" required maxLength={200} />
      <TextField label={t("checkout.address.line2")} {...bound("line2")} autoComplete="address-line2" maxLength={200} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label={t("checkout.address.city")} {...bound("city")} autoComplete="address-level2" required maxLength={100} />
        <TextField
          label={t("checkout.address.region")}
          {...bound("region")}
          autoComplete="address-level1"
          maxLength={100}
          hint={t("checkout.address.region_hint")}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t("checkout.address.postcode")}
          {...bound("postcode")}
          autoComplete="postal-code"
          required={isPostcodeRequired(countryCode)}
          maxLength={20}
          hint={t("checkout.address.postcode_hint")}
        />
        <TextField
          label={t("checkout.address.phone")}
          {...bound("phone")}
          type="tel"
          autoComplete="tel"
          maxLength={30}
          hint={t("checkout.address.phone_hint")}
        />
      </div>
      {fields}
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton pending={isPosting(posting, intent)} waiting={posting !== undefined} pendingLabel={t("checkout.saving")}>
          {submitLabel}
        </SubmitButton>
        {children}
        {cancelHref ? (
          <Link to={cancelHref} preventScrollReset className={textLinkClass}>
            {t("checkout.cancel")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
