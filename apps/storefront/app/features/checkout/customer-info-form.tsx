import { Form, Link } from "react-router";
import { textLinkClass } from "~/components/ui/button";
import { FormAlert } from "~/components/forms/form-alert";
import { fieldError, formErrors, type FormFailure } from "~/components/forms/form-errors";
import { TextField } from "~/components/forms/text-field";
import { INTENT_FIELD } from "~/lib/form-intents";
import { CHECKOUT_INTENTS } from "./checkout-intents";
import { CHECKOUT_PATH, CUSTOMER_INFO_FIELDS } from "./checkout-forms";
import { isPosting, SubmitButton, usePostingForm } from "./submit-button";
import { t } from "~/lib/i18n/messages/checkout-page";

export interface CustomerInfoValues {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
}

/** Step 0, customer information (PUT /baskets/checkout/customer-info): who is buying, and how to reach them. */
export function CustomerInfoForm({
  values,
  failure,
  editing,
}: {
  /** What the form starts with: what was saved, or the signed-in customer's details. */
  values: CustomerInfoValues;
  failure?: FormFailure;
  /** Changing details given before: a way back without saving. */
  editing: boolean;
}) {
  const posting = usePostingForm();
  const typed = failure?.values;
  /** A field's name, what it shows (what was typed, else what is saved) and its error. */
  const bound = (field: "email" | "firstName" | "lastName" | "phone") => ({
    name: field,
    defaultValue: typed?.[field] ?? values[field],
    error: fieldError(failure, field),
  });
  return (
    <Form method="post" noValidate preventScrollReset className="grid gap-5">
      <input type="hidden" name={INTENT_FIELD} value={CHECKOUT_INTENTS.customerInfo} />
      <FormAlert errors={formErrors(failure, CUSTOMER_INFO_FIELDS)} />
      <TextField
        label={t("checkout.details.email")}
        {...bound("email")}
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        hint={t("checkout.details.email_hint")}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label={t("checkout.address.first_name")} {...bound("firstName")} autoComplete="given-name" required maxLength={100} />
        <TextField label={t("checkout.address.last_name")} {...bound("lastName")} autoComplete="family-name" required maxLength={100} />
      </div>
      <TextField
        label={t("checkout.address.phone")}
        {...bound("phone")}
        type="tel"
        autoComplete="tel"
        maxLength={30}
        hint={t("checkout.details.phone_hint")}
      />
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton
          pending={isPosting(posting, CHECKOUT_INTENTS.customerInfo)}
          waiting={posting !== undefined}
          pendingLabel={t("checkout.saving")}
        >
          {editing ? t("checkout.details.save") : t("checkout.details.continue")}
        </SubmitButton>
        {editing ? (
          <Link to={CHECKOUT_PATH} preventScrollReset className={textLinkClass}>
            {t("checkout.cancel")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** Customer information once given: who is buying and how to reach them. */
export function CustomerInfoGiven({ info }: { info: CustomerInfoValues }) {
  return (
    <div className="grid gap-1">
      <p className="font-medium">
        {info.firstName} {info.lastName}
      </p>
      <p className="break-all text-ink-muted">
        {info.email}
        {info.phone ? ` · ${info.phone}` : ""}
      </p>
    </div>
  );
}
