import { BankTransferDetailsSchema, textSchema, TimeZoneSchema } from "@quire/contracts";
import {
  ANONYMOUS_PRODUCT_POLICIES,
  INVENTORY_AVAILABILITY_MODES,
  MAX_WITHDRAWAL_PERIOD_DAYS,
  WITHDRAWAL_PERIOD_DAYS,
} from "@quire/contracts/constants";
import { fromDecimalAmount, toDecimalAmount } from "@quire/money";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/settings-shop";
import { CheckboxField, SettingsNav, TextAreaField } from "~/components/settings-fields";
import { Button, ButtonLink, Card, ErrorSummary, Field, PageHeader, SelectField } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { handleForm, redirectWithMessage } from "~/lib/forms.server";
import { refusalFor } from "~/lib/settings-refusal";

export const meta: Route.MetaFunction = () => [{ title: "Shop details · Settings · Quire back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { data: settings } = await pageRead(request, context.get(apiContext).call("getAdminStoreSettings"));
  // Removing the bank account (its details are then gone) asks first.
  return {
    settings,
    // Every zone this server knows by its IANA name, the shop's own first among them if the list lacks it ("UTC").
    timeZones: [...new Set([settings.timeZone, "UTC", ...Intl.supportedValuesOf("timeZone")])].sort(),
    confirmBankRemoval: new URL(request.url).searchParams.get("confirm") === "bank-remove" && settings.bankTransferDetails !== null,
  };
}

/** Codes typed as a list ("GBP, EUR"), upper-cased; each must look like a code. */
function codeListSchema(length: 2 | 3, example: string) {
  const pattern = length === 2 ? /^[A-Z]{2}$/ : /^[A-Z]{3}$/;
  return z.string().transform((text, context) => {
    const codes = text
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((code) => code.toUpperCase());
    const wrong = codes.filter((code) => !pattern.test(code));
    if (codes.length === 0 || wrong.length > 0) {
      context.addIssue({
        code: "custom",
        message: wrong.length
          ? `Not a code: ${wrong.slice(0, 5).join(", ")}. Write codes such as ${example}`
          : `Enter at least one, such as ${example}`,
      });
      return z.NEVER;
    }
    return codes;
  });
}

const ticked = z
  .string()
  .optional()
  .transform((value) => value === "on");

/** The shop's details as the form sends them: text, in the API's terms. Minimum orders are read apart (one field per currency). */
const DetailsForm = z.object({
  name: textSchema({ trim: true, min: 1, max: 100, minMessage: "Enter the shop's name" }),
  contactEmail: z
    .string()
    .trim()
    .max(254)
    .transform((email) => email || null)
    .pipe(z.email("Enter an email address such as shop@example.com").nullable()),
  timeZone: TimeZoneSchema,
  currencyCodes: codeListSchema(3, "GBP, EUR"),
  defaultCurrencyCode: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.string().regex(/^[A-Z]{3}$/, "Enter a currency code such as GBP")),
  countryCodes: codeListSchema(2, "GB, IE"),
  defaultCountryCode: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.string().regex(/^[A-Z]{2}$/, "Enter a country code such as GB")),
  inventoryAvailability: z.enum(INVENTORY_AVAILABILITY_MODES),
  lowStockThreshold: z
    .string()
    .trim()
    .regex(/^\d{1,7}$/, "Enter a whole number, such as 5")
    .transform(Number)
    .pipe(z.number().max(1_000_000, "At most 1,000,000")),
  anonymousCustomerProductPolicy: z.enum(ANONYMOUS_PRODUCT_POLICIES),
  withdrawalPeriodDays: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, `Enter a number of days, ${WITHDRAWAL_PERIOD_DAYS} or more`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(WITHDRAWAL_PERIOD_DAYS, `At least ${WITHDRAWAL_PERIOD_DAYS} days: the law's minimum`)
        .max(MAX_WITHDRAWAL_PERIOD_DAYS, `At most ${MAX_WITHDRAWAL_PERIOD_DAYS} days`),
    ),
  isOutOfStockPurchaseEnabled: ticked,
  isQuickOrderEnabled: ticked,
  displayProductVariantSkusEnabled: ticked,
  isCheckoutTermsAndConditionsEnabled: ticked,
  checkoutTermsAndConditionsText: textSchema({ trim: true, max: 5000, multiline: true }),
});

/** The minimum order per currency: a field `minimum-GBP` each, empty for none. */
function minimumsOf(form: FormData, currencies: readonly string[]) {
  const minimums: { currencyCode: string; amount: number }[] = [];
  const errors: Record<string, string> = {};
  for (const currencyCode of currencies) {
    const text = String(form.get(`minimum-${currencyCode}`) ?? "").trim();
    if (!text) continue;
    const amount = fromDecimalAmount(text);
    if (amount === null) errors[`minimum-${currencyCode}`] = "Enter an amount such as 10.00, or leave it empty for none";
    else if (amount > 0) minimums.push({ currencyCode, amount });
  }
  return { minimums, errors };
}

/** The bank account's fields: empty ones left out (the sort code and account number are optional). */
const BankForm = z.preprocess((values) => {
  const record = values as Record<string, string>;
  const picked: Record<string, string> = {};
  for (const key of ["accountName", "bankName", "sortCode", "accountNumber", "iban", "bic"]) {
    const value = (record[key] ?? "").trim();
    if (value) picked[key] = value;
  }
  return picked;
}, BankTransferDetailsSchema);

export async function action({ request, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const form = await request.formData();
  const here = "/settings/shop";
  switch (form.get("intent")) {
    case "details":
      return handleForm(
        form,
        DetailsForm.superRefine((body, issues) => {
          const { errors } = minimumsOf(form, body.currencyCodes);
          for (const [field, message] of Object.entries(errors)) issues.addIssue({ code: "custom", message, path: [field] });
        }),
        async (body) => {
          await api.call("updateAdminStoreSettings", {
            body: { ...body, minimumOrderPrices: minimumsOf(form, body.currencyCodes).minimums },
          });
          return redirectWithMessage(request, here, "The shop's details are saved.");
        },
        { minimumOrderPrices: "currencyCodes" },
      );
    case "bank":
      return handleForm(
        form,
        BankForm,
        async (bankTransferDetails) => {
          await api.call("updateAdminStoreSettings", { body: { bankTransferDetails } });
          return redirectWithMessage(request, here, "The bank account for transfers is saved.");
        },
        {
          "bankTransferDetails.accountName": "accountName",
          "bankTransferDetails.bankName": "bankName",
          "bankTransferDetails.sortCode": "sortCode",
          "bankTransferDetails.accountNumber": "accountNumber",
          "bankTransferDetails.iban": "iban",
          "bankTransferDetails.bic": "bic",
        },
      );
    case "bank-remove":
      return handleForm(form, z.object({}), async () => {
        await api.call("updateAdminStoreSettings", { body: { bankTransferDetails: null } });
        return redirectWithMessage(request, here, "The bank account is removed: the shop takes no bank transfers.");
      });
    default:
      throw new Response("Unknown action", { status: 400 });
  }
}

const AVAILABILITY_LABELS: Record<(typeof INVENTORY_AVAILABILITY_MODES)[number], string> = {
  None: "Say nothing about stock",
  AvailableQuantity: "Show the quantity in stock",
  InStock: "Say in stock or out of stock",
  LowStockAlert: "Say when stock is low",
};
const POLICY_LABELS: Record<(typeof ANONYMOUS_PRODUCT_POLICIES)[number], string> = {
  AllowedUnauthorizedCheckout: "Everyone sees products and prices, and guests may check out",
  None: "Everyone sees products and prices; checking out needs an account",
  HiddenForUnauthorized: "Products only for signed-in customers",
  HiddenPricesForUnauthorized: "Prices only for signed-in customers",
};

export default function SettingsShop() {
  const { settings, timeZones, confirmBankRemoval } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const details = refusalFor(answer, "details");
  const bank = refusalFor(answer, "bank") ?? refusalFor(answer, "bank-remove");
  // After a refusal, the fields show what was typed; else what the shop has.
  const value = (name: string, current: string) => details?.values[name] ?? current;
  const bankValue = (name: string, current: string | undefined) => bank?.values[name] ?? current ?? "";
  const minimum = (currencyCode: string) => settings.minimumOrderPrices.find((price) => price.currencyCode === currencyCode);
  const fieldError = (name: string) => details?.errors.fields[name];
  return (
    <>
      <PageHeader title="Shop details" />
      <SettingsNav />
      <div className="flex max-w-3xl flex-col gap-6">
        <Card title="Shop details">
          <ErrorSummary errors={details?.errors} />
          <Form method="post" className="flex flex-col gap-4" noValidate>
            <Field
              name="name"
              label="Shop name"
              required
              maxLength={100}
              defaultValue={value("name", settings.name)}
              errors={details?.errors}
            />
            <Field
              name="contactEmail"
              label="Contact email (optional)"
              hint="Where the contact form's messages are mailed. Empty: they are only kept in the back office."
              type="email"
              maxLength={254}
              defaultValue={value("contactEmail", settings.contactEmail ?? "")}
              errors={details?.errors}
            />
            <SelectField
              name="timeZone"
              label="Time zone"
              hint="Where the shop's days begin and end: the home page's figures, and every time the back office shows."
              options={timeZones.map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }))}
              defaultValue={value("timeZone", settings.timeZone)}
              errors={details?.errors}
            />
            <fieldset className="flex flex-col gap-3 rounded-md border border-zinc-200 p-3">
              <legend className="px-1 text-sm font-semibold">Currencies and countries</legend>
              <Field
                name="currencyCodes"
                label="Currencies the shop sells in"
                hint="Codes separated by commas, such as GBP, EUR, USD."
                defaultValue={value("currencyCodes", settings.currencyCodes.join(", "))}
                errors={details?.errors}
              />
              <Field
                name="defaultCurrencyCode"
                label="Default currency"
                maxLength={3}
                defaultValue={value("defaultCurrencyCode", settings.defaultCurrencyCode)}
                errors={details?.errors}
              />
              <Field
                name="countryCodes"
                label="Countries the shop serves"
                hint="Two-letter codes separated by commas, such as GB, IE, FR."
                defaultValue={value("countryCodes", settings.countryCodes.join(", "))}
                errors={details?.errors}
              />
              <Field
                name="defaultCountryCode"
                label="Default country"
                maxLength={2}
                defaultValue={value("defaultCountryCode", settings.defaultCountryCode)}
                errors={details?.errors}
              />
            </fieldset>
            <fieldset className="flex flex-col gap-3 rounded-md border border-zinc-200 p-3">
              <legend className="px-1 text-sm font-semibold">Minimum order value</legend>
              <p className="text-sm text-zinc-600">Per currency, before delivery. Leave a currency empty for no minimum.</p>
              <div className="grid gap-3 sm:grid-cols-3">
                {settings.currencyCodes.map((currencyCode) => {
                  const current = minimum(currencyCode);
                  return (
                    <Field
                      key={currencyCode}
                      name={`minimum-${currencyCode}`}
                      label={`Minimum in ${currencyCode}`}
                      inputMode="decimal"
                      maxLength={15}
                      defaultValue={value(`minimum-${currencyCode}`, current ? toDecimalAmount(current.amount) : "")}
                      errors={details?.errors}
                    />
                  );
                })}
              </div>
            </fieldset>
            <fieldset className="flex flex-col gap-3 rounded-md border border-zinc-200 p-3">
              <legend className="px-1 text-sm font-semibold">Catalogue and checkout</legend>
              <SelectField
                name="inventoryAvailability"
                label="What shoppers see about stock"
                options={INVENTORY_AVAILABILITY_MODES.map((mode) => ({ value: mode, label: AVAILABILITY_LABELS[mode] }))}
                defaultValue={value("inventoryAvailability", settings.inventoryAvailability)}
                errors={details?.errors}
              />
              <Field
                name="lowStockThreshold"
                label="Low stock at or below"
                inputMode="numeric"
                maxLength={7}
                defaultValue={value("lowStockThreshold", String(settings.lowStockThreshold))}
                errors={details?.errors}
              />
              <Field
                name="withdrawalPeriodDays"
                label="Days after delivery a buyer may withdraw from an order"
                hint={`The law's ${WITHDRAWAL_PERIOD_DAYS} days, or longer`}
                inputMode="numeric"
                maxLength={3}
                defaultValue={value("withdrawalPeriodDays", String(settings.withdrawalPeriodDays))}
                errors={details?.errors}
              />
              <SelectField
                name="anonymousCustomerProductPolicy"
                label="Shoppers who are not signed in"
                options={ANONYMOUS_PRODUCT_POLICIES.map((policy) => ({ value: policy, label: POLICY_LABELS[policy] }))}
                defaultValue={value("anonymousCustomerProductPolicy", settings.anonymousCustomerProductPolicy)}
                errors={details?.errors}
              />
              <CheckboxField
                id="isOutOfStockPurchaseEnabled"
                name="isOutOfStockPurchaseEnabled"
                label="Sell what is out of stock"
                defaultChecked={details ? details.values.isOutOfStockPurchaseEnabled === "on" : settings.isOutOfStockPurchaseEnabled}
              />
              <CheckboxField
                id="isQuickOrderEnabled"
                name="isQuickOrderEnabled"
                label="Offer quick order by SKU"
                defaultChecked={details ? details.values.isQuickOrderEnabled === "on" : settings.isQuickOrderEnabled}
              />
              <CheckboxField
                id="displayProductVariantSkusEnabled"
                name="displayProductVariantSkusEnabled"
                label="Show SKUs on product pages"
                defaultChecked={
                  details ? details.values.displayProductVariantSkusEnabled === "on" : settings.displayProductVariantSkusEnabled
                }
              />
              <CheckboxField
                id="isCheckoutTermsAndConditionsEnabled"
                name="isCheckoutTermsAndConditionsEnabled"
                label="Ask shoppers to accept terms at checkout"
                defaultChecked={
                  details ? details.values.isCheckoutTermsAndConditionsEnabled === "on" : settings.isCheckoutTermsAndConditionsEnabled
                }
              />
              <TextAreaField
                id="checkoutTermsAndConditionsText"
                name="checkoutTermsAndConditionsText"
                label="Terms shoppers accept"
                maxLength={5000}
                defaultValue={value("checkoutTermsAndConditionsText", settings.checkoutTermsAndConditionsText)}
                error={fieldError("checkoutTermsAndConditionsText")}
              />
            </fieldset>
            <div>
              <Button name="intent" value="details">
                Save the shop's details
              </Button>
            </div>
          </Form>
        </Card>
        <Card title="Bank transfers">
          <ErrorSummary errors={bank?.errors} />
          <p className="mb-3 text-sm">
            {settings.bankTransferDetails
              ? "The account a proforma invoice asks shoppers to pay into."
              : "The shop takes no bank transfers. Enter an account to print on proforma invoices."}
          </p>
          <Form method="post" className="flex flex-col gap-3" noValidate>
            <Field
              name="accountName"
              label="Account name"
              maxLength={100}
              defaultValue={bankValue("accountName", settings.bankTransferDetails?.accountName)}
              errors={bank?.errors}
            />
            <Field
              name="bankName"
              label="Bank"
              maxLength={100}
              defaultValue={bankValue("bankName", settings.bankTransferDetails?.bankName)}
              errors={bank?.errors}
            />
            <div className="grid gap-3 sm:grid-cols-2">
              <Field
                name="sortCode"
                label="Sort code (optional)"
                hint="Such as 12-34-56"
                maxLength={8}
                defaultValue={bankValue("sortCode", settings.bankTransferDetails?.sortCode)}
                errors={bank?.errors}
              />
              <Field
                name="accountNumber"
                label="Account number (optional)"
                inputMode="numeric"
                maxLength={10}
                defaultValue={bankValue("accountNumber", settings.bankTransferDetails?.accountNumber)}
                errors={bank?.errors}
              />
            </div>
            <Field
              name="iban"
              label="IBAN"
              maxLength={50}
              defaultValue={bankValue("iban", settings.bankTransferDetails?.iban)}
              errors={bank?.errors}
            />
            <Field
              name="bic"
              label="BIC"
              maxLength={11}
              defaultValue={bankValue("bic", settings.bankTransferDetails?.bic)}
              errors={bank?.errors}
            />
            <div className="flex flex-wrap gap-2">
              <Button name="intent" value="bank">
                Save the bank account
              </Button>
              {settings.bankTransferDetails && !confirmBankRemoval ? (
                <Link to="/settings/shop?confirm=bank-remove#bank-removal" className="self-center text-sm">
                  Stop taking bank transfers…
                </Link>
              ) : null}
            </div>
          </Form>
          {confirmBankRemoval ? (
            <Form method="post" id="bank-removal" className="mt-4 flex flex-col gap-3 rounded-md border border-red-700 p-3">
              <p className="text-sm">
                Stop taking bank transfers? The account's details are deleted, so proforma invoices and their mails no longer name an
                account to pay into; turn off bank transfer under Payments as well.
              </p>
              <div className="flex flex-wrap gap-2">
                <Button kind="danger" name="intent" value="bank-remove">
                  Yes, stop taking bank transfers
                </Button>
                <ButtonLink href="/settings/shop">Keep them</ButtonLink>
              </div>
            </Form>
          ) : null}
        </Card>
      </div>
    </>
  );
}
