import { z } from "zod";
import { LatestPaymentSchema } from "./payments";
import { AnonymousIdSchema, CartSchema } from "./cart";
import { CountryCodeSchema, CurrencyCodeSchema, dataSchema, IdSchema, MoneySchema, textSchema } from "./common";
import { PhoneSchema } from "./identity";
import { DELIVERY_OPTION_KINDS, DISCOUNT_KINDS, TAX_CLASSES } from "./constants";
import { isPostcodeRequired } from "./postcodes";

// Contracts of the checkout calls: the summary, customer information, addresses,
// delivery options, discount codes and the order note. The basket's lines and quantities change through the
// cart's own calls, which the checkout calls of the same names (`/baskets/checkout/products...`) wrap.
// Every amount in an answer is the API's; no request carries a price (decision 024).

export const TaxClassSchema = z.enum(TAX_CLASSES);
export const DiscountKindSchema = z.enum(DISCOUNT_KINDS);
export const DeliveryOptionKindSchema = z.enum(DELIVERY_OPTION_KINDS);
export type TaxClass = z.infer<typeof TaxClassSchema>;
export type DiscountKind = z.infer<typeof DiscountKindSchema>;
export type DeliveryOptionKind = z.infer<typeof DeliveryOptionKindSchema>;

// ---------------------------------------------------------------- addresses

/**
 * The postcode each country the shop delivers to writes, as its post office defines it, checked after the
 * value is trimmed and upper-cased. A country not listed takes any short text.
 */
const POSTCODE_RULES: Record<string, { pattern: RegExp; example: string }> = {
  // Royal Mail's outward and inward codes (SW1A 1AA, M1 1AE, GIR 0AA); the space is optional when typed.
  GB: { pattern: /^(?:GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/, example: "SW1A 1AA" },
  // An Eircode: routing key and unique identifier. Many Irish addresses are delivered without one.
  IE: { pattern: /^(?:[AC-FHKNPRTV-Y]\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}$/, example: "D02 X285" },
  FR: { pattern: /^\d{5}$/, example: "75001" },
  DE: { pattern: /^\d{5}$/, example: "10115" },
  NL: { pattern: /^[1-9]\d{3} ?[A-Z]{2}$/, example: "1012 AB" },
  US: { pattern: /^\d{5}(?:-\d{4})?$/, example: "94105" },
};

/** The US states, the District of Columbia and the territories USPS delivers to, by their two-letter codes. */
export const US_STATE_CODES = [
  "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "DC", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY", "LA", "ME",
  "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND", "OH", "OK", "OR", "PA", "RI",
  "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY", "AS", "GU", "MP", "PR", "VI",
] as const; // prettier-ignore

/** A postcode as the post office writes it: upper case, one space where the country puts one. */
export function normalisePostcode(countryCode: string, postcode: string): string {
  const compact = postcode.trim().toUpperCase().replace(/\s+/g, "");
  if (countryCode === "GB" && compact.length >= 5) return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
  if (countryCode === "IE" && compact.length === 7) return `${compact.slice(0, 3)} ${compact.slice(3)}`;
  if (countryCode === "NL" && compact.length === 6) return `${compact.slice(0, 4)} ${compact.slice(4)}`;
  return postcode.trim().toUpperCase().replace(/\s+/g, " ");
}

const nameField = textSchema({ trim: true, min: 1, max: 100 });
const optionalLine = textSchema({ trim: true, max: 200 }).optional();

/**
 * A postal address as a UK, EU or US delivery needs it. The fields every country needs are required; the
 * postcode and the region are checked by the country's rules (a US address needs its state; an Irish one may
 * have no Eircode). Postcodes are stored as the post office writes them.
 */
export const AddressSchema = z
  .object({
    firstName: nameField,
    lastName: nameField,
    company: textSchema({ trim: true, max: 200 }).optional(),
    line1: textSchema({ trim: true, min: 1, max: 200 }),
    line2: optionalLine,
    city: textSchema({ trim: true, min: 1, max: 100 }),
    /** County, state or province; a US address's two-letter state code. */
    region: textSchema({ trim: true, max: 100 }).optional(),
    postcode: textSchema({ trim: true, max: 20 }).optional(),
    countryCode: CountryCodeSchema,
    phone: PhoneSchema.optional(),
  })
  .strict()
  .superRefine((address, context) => {
    const rule = POSTCODE_RULES[address.countryCode];
    const postcode = address.postcode?.trim() ?? "";
    if (postcode === "" && isPostcodeRequired(address.countryCode)) {
      context.addIssue({ code: "custom", path: ["postcode"], message: "Enter a postcode" });
    } else if (rule && postcode !== "" && !rule.pattern.test(postcode.toUpperCase())) {
      context.addIssue({ code: "custom", path: ["postcode"], message: `Enter a postcode such as ${rule.example}` });
    }
    if (address.countryCode === "US" && !US_STATE_CODES.includes((address.region ?? "").toUpperCase() as never)) {
      context.addIssue({ code: "custom", path: ["region"], message: "Enter the state's two-letter code, such as CA" });
    }
  })
  .transform((address) => ({
    ...address,
    postcode: address.postcode ? normalisePostcode(address.countryCode, address.postcode) : undefined,
    region: address.countryCode === "US" ? address.region?.toUpperCase() : address.region,
  }))
  .meta({ id: "Address" });
export type Address = z.output<typeof AddressSchema>;

/** An address as answered: what was given, and the lines a label would print (formattedAddress). */
export const AddressAnswerSchema = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    company: z.string().nullable(),
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    region: z.string().nullable(),
    postcode: z.string().nullable(),
    countryCode: z.string(),
    phone: z.string().nullable(),
    formattedAddress: z.string(),
    /** The same, as the lines a label prints (name, company, street lines, town and postcode, country). */
    addressLines: z.array(z.string()),
  })
  .meta({ id: "AddressAnswer" });
export type AddressAnswer = z.infer<typeof AddressAnswerSchema>;

// ---------------------------------------------------------------- inputs

/** Who checks out: the anonymousId of a guest's basket (signed-in callers leave it out). */
const guestField = { anonymousId: AnonymousIdSchema.optional() };

export const CheckoutQuerySchema = z.object(guestField).strict();
export type CheckoutQuery = z.infer<typeof CheckoutQuerySchema>;

/** PUT /baskets/checkout/customer-info: the buyer's name and email (a signed-in customer's are offered). */
export const CustomerInfoBodySchema = z
  .object({
    email: z.string().trim().toLowerCase().max(254).pipe(z.email("Enter a valid email address")),
    firstName: nameField,
    lastName: nameField,
    phone: PhoneSchema.optional(),
    ...guestField,
  })
  .strict();
export type CustomerInfoBody = z.infer<typeof CustomerInfoBodySchema>;

/** A typed address may go into the signed-in customer's address book too, in the same call (a guest has none). */
const saveToAddressBookField = { saveToAddressBook: z.boolean().optional() };

export const DeliveryAddressBodySchema = z.object({ address: AddressSchema, ...saveToAddressBookField, ...guestField }).strict();
export type DeliveryAddressBody = z.infer<typeof DeliveryAddressBodySchema>;

/** PUT /baskets/checkout/billing-address: an address, or the delivery address again. */
export const BillingAddressBodySchema = z.union([
  z.object({ sameAsDelivery: z.literal(true), ...guestField }).strict(),
  z.object({ address: AddressSchema, ...saveToAddressBookField, ...guestField }).strict(),
]);
export type BillingAddressBody = z.infer<typeof BillingAddressBodySchema>;

export const DeliveryOptionBodySchema = z.object({ deliveryZoneOptionId: IdSchema, ...guestField }).strict();
export type DeliveryOptionBody = z.infer<typeof DeliveryOptionBodySchema>;

/** A code as shoppers type it: trimmed, any case (codes are matched upper-cased). */
const DiscountCodeTextSchema = z
  .string()
  .trim()
  .min(1, "Enter a discount code")
  .max(50, { abort: true })
  .regex(/^[A-Za-z0-9_-]+$/, "A discount code has letters, digits, - and _ only")
  .transform((code) => code.toUpperCase());

export const DiscountCodeBodySchema = z.object({ discountCode: DiscountCodeTextSchema, ...guestField }).strict();
export type DiscountCodeBody = z.infer<typeof DiscountCodeBodySchema>;

/** PUT /baskets/checkout/customers-fields: the order note (the buyer's reference number and a comment). */
export const CheckoutFieldsBodySchema = z
  .object({
    referenceNumber: textSchema({ trim: true, max: 100 }).optional(),
    customerComment: textSchema({ trim: true, max: 1000, multiline: true }).optional(),
    ...guestField,
  })
  .strict();
export type CheckoutFieldsBody = z.infer<typeof CheckoutFieldsBodySchema>;

// ---------------------------------------------------------------- answers

export const DeliveryOptionSchema = z
  .object({
    id: IdSchema,
    kind: DeliveryOptionKindSchema,
    name: z.string(),
    description: z.string(),
    /** Working days from dispatch. */
    minDays: z.number().int(),
    maxDays: z.number().int(),
    price: MoneySchema,
    /** Goods worth this much (after discounts) ship free with this option; null: never. */
    freeOver: MoneySchema.nullable(),
    /** What this option would cost the basket as it is now (zero when free). */
    charge: MoneySchema,
  })
  .meta({ id: "DeliveryOption" });
export type DeliveryOption = z.infer<typeof DeliveryOptionSchema>;

export const DeliveryOptionsResponseSchema = dataSchema(
  z.object({ zoneName: z.string(), countryCode: z.string(), options: z.array(DeliveryOptionSchema) }),
);

export const TaxLineSchema = z.object({ taxClass: TaxClassSchema, ratePercent: z.number(), amount: MoneySchema });

/** The checkout summary: the basket, its money, the addresses and delivery option chosen, the latest payment. */
export const CheckoutSummarySchema = z
  .object({
    basketDetails: z.object({
      currencyCode: CurrencyCodeSchema,
      anonymousId: z.string().nullable(),
      customerInfo: z.object({ email: z.string(), firstName: z.string(), lastName: z.string(), phone: z.string().nullable() }).nullable(),
      discountCodes: z.array(z.object({ code: z.string(), kind: DiscountKindSchema, amount: MoneySchema })),
      /** Money off the goods from percentage and fixed codes (free delivery shows in deliveryCharge). */
      cartAndCodeDiscount: MoneySchema,
      deliveryCharge: MoneySchema,
      subTotal: MoneySchema,
      lineItems: CartSchema.shape.lineItems,
      notifications: CartSchema.shape.notifications,
      referenceNumber: z.string().nullable(),
      customerComment: z.string().nullable(),
    }),
    deliveryAddress: AddressAnswerSchema.nullable(),
    billingAddress: AddressAnswerSchema.nullable(),
    billingSameAsDelivery: z.boolean(),
    deliveryZoneOption: z.object({ id: IdSchema, deliveryOption: DeliveryOptionSchema }).nullable(),
    taxes: z.object({
      amount: MoneySchema,
      /** True when the prices shown include the tax (GBP and EUR); false when it is added (USD). */
      included: z.boolean(),
      /** The country whose rates apply: the delivery address's, or the store's before one is given. */
      countryCode: z.string(),
      lines: z.array(TaxLineSchema),
    }),
    grandTotal: MoneySchema,
    minimumOrder: z.object({ amount: MoneySchema, isMet: z.boolean() }).nullable(),
    /** What still stands between the shopper and placing the order, in checkout order. */
    missing: z.array(z.enum(["customer_info", "delivery_address", "delivery_option", "billing_address", "minimum_order", "items"])),
    termsAndConditions: z.object({ required: z.boolean(), text: z.string() }),
    latestPayment: LatestPaymentSchema.nullable(),
  })
  .meta({ id: "CheckoutSummary" });
export type CheckoutSummary = z.infer<typeof CheckoutSummarySchema>;
export const CheckoutSummaryResponseSchema = dataSchema(CheckoutSummarySchema);
