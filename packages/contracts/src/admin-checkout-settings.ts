import { z } from "zod";
import { CountryCodeSchema, CurrencyCodeSchema, dataSchema, IdParamSchema, IdSchema, textSchema } from "./common";
import { DeliveryOptionKindSchema } from "./checkout";
import { INT32_MAX } from "./constants";
import { PaymentProviderIdSchema } from "./payments";

// Contracts of the merchant's checkout settings (admin API, permission `settings`, decision 052): delivery zones and
// their options priced per currency, tax rates per country and tax class, whether a currency's prices include tax,
// and each payment provider on or off. The checkout reads all of them from the database on every call, so a change
// is what the next summary, order and payment use.

// ---------------------------------------------------------------- delivery zones and options

const countryListSchema = z
  .array(CountryCodeSchema)
  .min(1)
  .max(250)
  .refine((codes) => new Set(codes).size === codes.length, "Each country once");

/** An option's price in one currency, in minor units; goods worth `freeOverAmount` (after money off) ship free. */
export const DeliveryOptionPriceSchema = z
  .object({
    currencyCode: CurrencyCodeSchema,
    amount: z.number().int().min(0).max(INT32_MAX),
    /** null: never free by value. */
    freeOverAmount: z.number().int().min(0).max(INT32_MAX).nullable().optional(),
  })
  .strict();

const priceListSchema = z
  .array(DeliveryOptionPriceSchema)
  .min(1)
  .max(20)
  .refine((prices) => new Set(prices.map((price) => price.currencyCode)).size === prices.length, "One price per currency");

const optionFields = {
  kind: DeliveryOptionKindSchema,
  name: textSchema({ trim: true, min: 1, max: 100 }),
  description: textSchema({ trim: true, max: 300 }),
  /** Working days from dispatch. */
  minDays: z.number().int().min(0).max(365),
  maxDays: z.number().int().min(0).max(365),
  /** Options are offered in this order (then by id). */
  position: z.number().int().min(0).max(10_000),
  /** The option is offered only in the currencies it has a price in; the list replaces the old one. */
  prices: priceListSchema,
};

/** POST /admin/delivery-zones. A country belongs to one zone of a store at most (409 `delivery_country_taken`). */
export const CreateAdminDeliveryZoneBodySchema = z
  .object({ name: textSchema({ trim: true, min: 1, max: 100 }), countryCodes: countryListSchema })
  .strict();
export type CreateAdminDeliveryZoneBody = z.infer<typeof CreateAdminDeliveryZoneBodySchema>;

/** PUT /admin/delivery-zones/:id: the fields sent change; `countryCodes` replaces the zone's list. */
export const UpdateAdminDeliveryZoneBodySchema = z
  .object({ name: textSchema({ trim: true, min: 1, max: 100 }).optional(), countryCodes: countryListSchema.optional() })
  .strict()
  .refine((body) => Object.keys(body).length > 0, "Send at least one field to change");
export type UpdateAdminDeliveryZoneBody = z.infer<typeof UpdateAdminDeliveryZoneBodySchema>;

/** POST /admin/delivery-zones/:id/options. Prices only in currencies the store sells in (400 `currency_not_supported`). */
export const CreateAdminDeliveryOptionBodySchema = z
  .object({
    kind: optionFields.kind,
    name: optionFields.name,
    description: optionFields.description.optional(),
    minDays: optionFields.minDays,
    maxDays: optionFields.maxDays,
    position: optionFields.position.optional(),
    prices: optionFields.prices,
  })
  .strict()
  .refine((body) => body.maxDays >= body.minDays, { message: "maxDays must not be below minDays", path: ["maxDays"] });
export type CreateAdminDeliveryOptionBody = z.infer<typeof CreateAdminDeliveryOptionBodySchema>;

/** PUT /admin/delivery-options/:id: the fields sent change; the next checkout charges the new prices. */
export const UpdateAdminDeliveryOptionBodySchema = z
  .object({
    kind: optionFields.kind.optional(),
    name: optionFields.name.optional(),
    description: optionFields.description.optional(),
    minDays: optionFields.minDays.optional(),
    maxDays: optionFields.maxDays.optional(),
    position: optionFields.position.optional(),
    prices: optionFields.prices.optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, "Send at least one field to change");
export type UpdateAdminDeliveryOptionBody = z.infer<typeof UpdateAdminDeliveryOptionBodySchema>;

export const AdminDeliveryOptionSchema = z
  .object({
    id: IdSchema,
    zoneId: IdSchema,
    kind: DeliveryOptionKindSchema,
    name: z.string(),
    description: z.string(),
    minDays: z.number().int(),
    maxDays: z.number().int(),
    position: z.number().int(),
    prices: z.array(z.object({ currencyCode: z.string(), amount: z.number().int(), freeOverAmount: z.number().int().nullable() })),
  })
  .meta({ id: "AdminDeliveryOption" });
export type AdminDeliveryOption = z.infer<typeof AdminDeliveryOptionSchema>;
export const AdminDeliveryOptionResponseSchema = dataSchema(AdminDeliveryOptionSchema);

export const AdminDeliveryZoneSchema = z
  .object({ id: IdSchema, name: z.string(), countryCodes: z.array(z.string()), options: z.array(AdminDeliveryOptionSchema) })
  .meta({ id: "AdminDeliveryZone" });
export type AdminDeliveryZone = z.infer<typeof AdminDeliveryZoneSchema>;
export const AdminDeliveryZoneResponseSchema = dataSchema(AdminDeliveryZoneSchema);
export const AdminDeliveryZonesResponseSchema = dataSchema(z.object({ deliveryZones: z.array(AdminDeliveryZoneSchema) }));

export const AdminDeliveryZoneParamsSchema = z.object({ id: IdParamSchema }).strict();
export const AdminDeliveryOptionParamsSchema = z.object({ id: IdParamSchema }).strict();

// ---------------------------------------------------------------- tax

/** A tax rate in percent with up to two decimals (stored as basis points: 20 is 2000). */
const TaxPercentSchema = z.number().min(0).max(100).multipleOf(0.01);

/** PUT /admin/tax-rates/countries/:countryCode: the country's rate for every tax class; the next order's totals use them. */
export const SetAdminCountryTaxRatesBodySchema = z
  .object({ ratePercent: z.object({ books: TaxPercentSchema, standard: TaxPercentSchema }).strict() })
  .strict();
export type SetAdminCountryTaxRatesBody = z.infer<typeof SetAdminCountryTaxRatesBodySchema>;
export const AdminCountryTaxParamsSchema = z.object({ countryCode: CountryCodeSchema }).strict();

/** PUT /admin/tax-rates/currencies/:currencyCode: whether the currency's prices include tax (GBP and EUR do, USD does not). */
export const SetAdminCurrencyTaxModeBodySchema = z.object({ pricesIncludeTax: z.boolean() }).strict();
export type SetAdminCurrencyTaxModeBody = z.infer<typeof SetAdminCurrencyTaxModeBodySchema>;
export const AdminCurrencyTaxParamsSchema = z.object({ currencyCode: CurrencyCodeSchema }).strict();

/**
 * GET /admin/tax-rates: the rates per country and tax class (a country not listed is taxed at 0), and for each
 * currency the store sells in whether its prices include tax.
 */
export const AdminTaxSettingsSchema = z
  .object({
    countries: z.array(z.object({ countryCode: z.string(), ratePercent: z.object({ books: z.number(), standard: z.number() }) })),
    currencies: z.array(z.object({ currencyCode: z.string(), pricesIncludeTax: z.boolean() })),
  })
  .meta({ id: "AdminTaxSettings" });
export type AdminTaxSettings = z.infer<typeof AdminTaxSettingsSchema>;
export const AdminTaxSettingsResponseSchema = dataSchema(AdminTaxSettingsSchema);

// ---------------------------------------------------------------- payment providers

/**
 * A payment provider as the merchant sees it: `enabled` is the merchant's switch; `configured` says whether this
 * deployment can offer it at all (a gateway's keys are set; the shop's own providers always can). The checkout offers
 * a provider that is both (and pay on account only to trade customers with credit).
 */
export const AdminPaymentProviderSchema = z
  .object({ id: PaymentProviderIdSchema, name: z.string(), enabled: z.boolean(), configured: z.boolean() })
  .meta({ id: "AdminPaymentProvider" });
export type AdminPaymentProvider = z.infer<typeof AdminPaymentProviderSchema>;
export const AdminPaymentProviderResponseSchema = dataSchema(AdminPaymentProviderSchema);
export const AdminPaymentProvidersResponseSchema = dataSchema(z.object({ paymentProviders: z.array(AdminPaymentProviderSchema) }));
export const AdminPaymentProviderParamsSchema = z.object({ id: PaymentProviderIdSchema }).strict();

/** PUT /admin/payment-providers/:id. The shop keeps one way for everyone to pay (409 `last_payment_provider`). */
export const UpdateAdminPaymentProviderBodySchema = z.object({ enabled: z.boolean() }).strict();
export type UpdateAdminPaymentProviderBody = z.infer<typeof UpdateAdminPaymentProviderBodySchema>;
