import { DISCOUNT_KINDS } from "@quire/contracts/constants";
import { Form } from "react-router";
import { Button, ErrorSummary, Field, SelectField } from "~/components/ui";
import { CheckboxField, FieldGroup } from "~/components/form-fields";
import type { FormErrors } from "~/lib/forms.server";
import { shopTimeZoneName, showMoney } from "~/lib/format";

export const KIND_LABELS = { percentage: "Percentage off", fixed_amount: "Money off", free_delivery: "Free delivery" } as const;

/** What a code gives, in words: "12.5% off", "£5.00 off", "Free delivery". */
export function whatItGives(code: {
  kind: keyof typeof KIND_LABELS;
  percentOff: number | null;
  amountOff: Record<string, number>;
}): string {
  if (code.kind === "percentage") return `${code.percentOff ?? 0}% off`;
  if (code.kind === "fixed_amount")
    return `${Object.entries(code.amountOff)
      .map(([currencyCode, amount]) => showMoney({ amount, currencyCode }))
      .join(" / ")} off`;
  return KIND_LABELS.free_delivery;
}

/**
 * A discount code's form: for a new code its code and kind too; then every rule the checkout honours. It works
 * without JavaScript: every field is there whatever the kind, each saying which kind it is for.
 */
export function DiscountForm({
  mode,
  kind,
  currencies,
  values,
  errors,
  idempotencyKey,
}: {
  mode: "create" | "update";
  kind?: (typeof DISCOUNT_KINDS)[number];
  currencies: readonly string[];
  values: Record<string, string>;
  errors?: FormErrors;
  idempotencyKey?: string;
}) {
  return (
    <Form method="post" className="flex max-w-3xl flex-col gap-4" noValidate>
      <ErrorSummary errors={errors} />
      {idempotencyKey ? <input type="hidden" name="idempotencyKey" value={idempotencyKey} /> : null}
      {mode === "create" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            name="code"
            label="Code"
            hint="3 to 50 letters, digits, dashes or underscores; shoppers type it in any case."
            defaultValue={values.code}
            required
            maxLength={50}
            errors={errors}
          />
          <SelectField
            name="kind"
            label="What the code gives"
            options={DISCOUNT_KINDS.map((value) => ({ value, label: KIND_LABELS[value] }))}
            defaultValue={values.kind ?? "percentage"}
            errors={errors}
          />
        </div>
      ) : null}
      <Field
        name="description"
        label="Description (for staff, optional)"
        defaultValue={values.description}
        maxLength={300}
        errors={errors}
      />
      {mode === "create" || kind === "percentage" ? (
        <Field
          name="percentOff"
          label="Percentage off"
          hint={mode === "create" ? "Percentage codes only: up to two decimals, such as 12.5." : "Up to two decimals, such as 12.5."}
          defaultValue={values.percentOff}
          inputMode="decimal"
          errors={errors}
        />
      ) : null}
      {mode === "create" || kind === "fixed_amount" ? (
        <FieldGroup
          id="amountOff"
          legend="Money off"
          hint={
            mode === "create"
              ? "Money-off codes only: the code works in the currencies given an amount."
              : "The code works in the currencies given an amount."
          }
          errors={errors}
        >
          {currencies.map((currency) => (
            <Field
              key={currency}
              name={`amountOff.${currency}`}
              label={`Off in ${currency}`}
              defaultValue={values[`amountOff.${currency}`]}
              inputMode="decimal"
              errors={errors}
            />
          ))}
        </FieldGroup>
      ) : null}
      <FieldGroup
        id="minimumSpend"
        legend="Minimum spend (optional)"
        hint="The goods an order must reach in that currency; empty: no minimum."
        errors={errors}
      >
        {currencies.map((currency) => (
          <Field
            key={currency}
            name={`minimumSpend.${currency}`}
            label={`Minimum in ${currency}`}
            defaultValue={values[`minimumSpend.${currency}`]}
            inputMode="decimal"
            errors={errors}
          />
        ))}
      </FieldGroup>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          name="startsAt"
          label={`Starts, ${shopTimeZoneName()} time (optional)`}
          type="datetime-local"
          defaultValue={values.startsAt}
          errors={errors}
        />
        <Field
          name="endsAt"
          label={`Ends, ${shopTimeZoneName()} time (optional)`}
          type="datetime-local"
          defaultValue={values.endsAt}
          errors={errors}
        />
        <Field
          name="usageLimit"
          label="Uses in all (optional)"
          hint="Empty: no limit."
          defaultValue={values.usageLimit}
          inputMode="numeric"
          errors={errors}
        />
        <Field
          name="perCustomerLimit"
          label="Uses per customer (optional)"
          hint="Per account, or per email for guests. Empty: no limit."
          defaultValue={values.perCustomerLimit}
          inputMode="numeric"
          errors={errors}
        />
      </div>
      <CheckboxField name="isActive" label="Active: shoppers can use it" defaultChecked={values.isActive === "on"} errors={errors} />
      <div>
        <Button name="intent" value={mode === "create" ? "create" : "update"}>
          {mode === "create" ? "Create the code" : "Save the code"}
        </Button>
      </div>
    </Form>
  );
}
