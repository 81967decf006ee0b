import type { AddressAnswer } from "@quire/contracts";
import { useId, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { textLinkClass } from "~/components/ui/button";
import { labelClass, selectChevronStyle, selectClass } from "~/components/ui/field";
import { FormAlert } from "~/features/auth/form-alert";
import { fieldError, formErrors, type FormFailure } from "~/features/auth/form-errors";
import { FieldError, TextField } from "~/features/auth/text-field";
import type { RootData } from "~/features/layout/root-data";
import { INTENT_FIELD } from "~/lib/form-intents";
import { ADDRESS_FIELDS } from "./checkout-forms";
import { isPosting, SubmitButton, usePostingForm } from "./submit-button";

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
}) {
  const id = useId();
  const posting = usePostingForm();
  const typed = failure?.values;
  const value = (field: (typeof ADDRESS_FIELDS)[number]) => typed?.[field] ?? values[field] ?? "";
  const countryError = fieldError(failure, "countryCode");
  return (
    <Form method="post" noValidate preventScrollReset className="grid gap-5">
      <input type="hidden" name={INTENT_FIELD} value={intent} />
      <FormAlert errors={formErrors(failure, ADDRESS_FIELDS)} />
      <div>
        <label htmlFor={`${id}-country`} className={labelClass}>
          Country
        </label>
        <select
          id={`${id}-country`}
          name="countryCode"
          autoComplete="country"
          defaultValue={value("countryCode")}
          aria-invalid={countryError ? true : undefined}
          aria-describedby={countryError ? `${id}-country-error` : undefined}
          className={selectClass}
          style={selectChevronStyle}
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
        <TextField
          label="First name"
          name="firstName"
          autoComplete="given-name"
          required
          maxLength={100}
          defaultValue={value("firstName")}
          error={fieldError(failure, "firstName")}
        />
        <TextField
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          required
          maxLength={100}
          defaultValue={value("lastName")}
          error={fieldError(failure, "lastName")}
        />
      </div>
      <TextField
        label="Company"
        name="company"
        autoComplete="organization"
        maxLength={200}
        defaultValue={value("company")}
        error={fieldError(failure, "company")}
      />
      <TextField
        label="Address line 1"
        name="line1"
        autoComplete="address-line1"
        required
        maxLength={200}
        defaultValue={value("line1")}
        error={fieldError(failure, "line1")}
      />
      <TextField
        label="Address line 2"
        name="line2"
        autoComplete="address-line2"
        maxLength={200}
        defaultValue={value("line2")}
        error={fieldError(failure, "line2")}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Town or city"
          name="city"
          autoComplete="address-level2"
          required
          maxLength={100}
          defaultValue={value("city")}
          error={fieldError(failure, "city")}
        />
        <TextField
          label="County, state or province"
          name="region"
          autoComplete="address-level1"
          maxLength={100}
          hint="US addresses: the state's two-letter code, such as CA."
          defaultValue={value("region")}
          error={fieldError(failure, "region")}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Postcode or ZIP code"
          name="postcode"
          autoComplete="postal-code"
          maxLength={20}
          hint="Required everywhere except Ireland."
          defaultValue={value("postcode")}
          error={fieldError(failure, "postcode")}
        />
        <TextField
          label="Phone number"
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={30}
          hint="For the courier, if they need you."
          defaultValue={value("phone")}
          error={fieldError(failure, "phone")}
        />
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton pending={isPosting(posting, intent)} waiting={posting !== undefined} pendingLabel="Saving…">
          {submitLabel}
        </SubmitButton>
        {children}
        {cancelHref ? (
          <Link to={cancelHref} preventScrollReset className={textLinkClass}>
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
