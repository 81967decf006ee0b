import { z } from "zod";
import { CountryCodeSchema, CurrencyCodeSchema, dataSchema, textSchema } from "./common";
import {
  ANONYMOUS_PRODUCT_POLICIES,
  INT32_MAX,
  INVENTORY_AVAILABILITY_MODES,
  MAX_WITHDRAWAL_PERIOD_DAYS,
  WITHDRAWAL_PERIOD_DAYS,
} from "./constants";
import { EmailSchema } from "./identity";

export const InventoryAvailabilitySchema = z.enum(INVENTORY_AVAILABILITY_MODES);
export type InventoryAvailability = z.infer<typeof InventoryAvailabilitySchema>;

export const AnonymousCustomerProductPolicySchema = z.enum(ANONYMOUS_PRODUCT_POLICIES);
export type AnonymousCustomerProductPolicy = z.infer<typeof AnonymousCustomerProductPolicySchema>;

/** GET /store-settings: what the storefront reads at start-up to know what it may show and sell. */
export const StoreSettingsSchema = z
  .object({
    storeKey: z.string(),
    name: z.string(),
    defaultCurrencyCode: CurrencyCodeSchema,
    defaultCountryCode: CountryCodeSchema,
    countryCodes: z.array(CountryCodeSchema),
    currencyCodes: z.array(CurrencyCodeSchema),
    minimumOrderPrices: z.array(z.object({ currencyCode: CurrencyCodeSchema, amount: z.number().int().min(0) })),
    inventoryAvailability: InventoryAvailabilitySchema,
    lowStockThreshold: z.number().int().min(0),
    anonymousCustomerProductPolicy: AnonymousCustomerProductPolicySchema,
    isOutOfStockPurchaseEnabled: z.boolean(),
    isQuickOrderEnabled: z.boolean(),
    displayProductVariantSkusEnabled: z.boolean(),
    isCheckoutTermsAndConditionsEnabled: z.boolean(),
    checkoutTermsAndConditionsText: z.string(),
  })
  .meta({ id: "StoreSettings" });
export type StoreSettings = z.infer<typeof StoreSettingsSchema>;
export const StoreSettingsResponseSchema = dataSchema(StoreSettingsSchema);

// ---------------------------------------------------------------- the merchant's settings (admin API, permission `settings`)

/** The shop's bank account, as a proforma invoice prints it (bank transfer payments). */
export const BankTransferDetailsSchema = z
  .object({
    accountName: textSchema({ trim: true, min: 1, max: 100 }),
    bankName: textSchema({ trim: true, min: 1, max: 100 }),
    sortCode: z
      .string()
      .regex(/^\d{2}-\d{2}-\d{2}$/, "A sort code is written 12-34-56")
      .optional(),
    accountNumber: z
      .string()
      .regex(/^\d{6,10}$/, "An account number is 6 to 10 digits")
      .optional(),
    iban: z
      .string()
      .transform((iban) => iban.replace(/\s+/g, "").toUpperCase())
      .pipe(z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/, "Enter an IBAN such as GB33 BUKB 2020 1555 5555 55")),
    bic: z
      .string()
      .trim()
      .toUpperCase()
      .pipe(z.string().regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, "Enter a BIC of 8 or 11 characters")),
  })
  .strict();

/**
 * A time zone by its IANA name ("Europe/London", "America/New_York", "UTC"), as written in the time zone database
 * (the name is answered with its usual capitals). Offsets ("+01:00") are refused: PostgreSQL reads their sign the
 * other way round.
 */
export const TimeZoneSchema = z
  .string()
  .trim()
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/, "Choose a time zone such as Europe/London")
  .transform((name, context) => {
    try {
      return new Intl.DateTimeFormat("en", { timeZone: name }).resolvedOptions().timeZone;
    } catch {
      context.addIssue({ code: "custom", message: "Choose a time zone such as Europe/London" });
      return z.NEVER;
    }
  });

/** GET /admin/settings: everything the storefront reads, and what only the merchant sees. */
export const AdminStoreSettingsSchema = StoreSettingsSchema.extend({
  /**
   * The shop's clock: where its days begin for the back office's figures, and the zone its times are shown in.
   */
  timeZone: z.string(),
  /** Where the contact form's messages are mailed; null: they are only kept. */
  contactEmail: z.string().nullable(),
  /** Days after delivery a buyer may withdraw from an order (decision 061): the law's 14 or more. */
  withdrawalPeriodDays: z.number().int(),
  /** null: the shop takes no bank transfers. */
  bankTransferDetails: z
    .object({
      accountName: z.string(),
      bankName: z.string(),
      sortCode: z.string().optional(),
      accountNumber: z.string().optional(),
      iban: z.string(),
      bic: z.string(),
    })
    .nullable(),
}).meta({ id: "AdminStoreSettings" });
export const AdminStoreSettingsResponseSchema = dataSchema(AdminStoreSettingsSchema);

/**
 * PUT /admin/settings: the fields sent change, the rest stay. The default currency and country must be among the
 * store's; a minimum order value is per currency the store sells in (the list replaces the old one). The storefront
 * and every API process see the change within their settings cache's lifetime (seconds).
 */
export const UpdateAdminStoreSettingsBodySchema = z
  .object({
    name: textSchema({ trim: true, min: 1, max: 100 }).optional(),
    currencyCodes: z.array(CurrencyCodeSchema).min(1).max(20).optional(),
    countryCodes: z.array(CountryCodeSchema).min(1).max(250).optional(),
    defaultCurrencyCode: CurrencyCodeSchema.optional(),
    defaultCountryCode: CountryCodeSchema.optional(),
    minimumOrderPrices: z
      .array(z.object({ currencyCode: CurrencyCodeSchema, amount: z.number().int().min(0).max(INT32_MAX) }).strict())
      .max(20)
      .optional(),
    inventoryAvailability: InventoryAvailabilitySchema.optional(),
    lowStockThreshold: z.number().int().min(0).max(1_000_000).optional(),
    anonymousCustomerProductPolicy: AnonymousCustomerProductPolicySchema.optional(),
    isOutOfStockPurchaseEnabled: z.boolean().optional(),
    isQuickOrderEnabled: z.boolean().optional(),
    displayProductVariantSkusEnabled: z.boolean().optional(),
    isCheckoutTermsAndConditionsEnabled: z.boolean().optional(),
    checkoutTermsAndConditionsText: textSchema({ trim: true, max: 5000, multiline: true }).optional(),
    contactEmail: EmailSchema.nullable().optional(),
    bankTransferDetails: BankTransferDetailsSchema.nullable().optional(),
    timeZone: TimeZoneSchema.optional(),
    withdrawalPeriodDays: z.number().int().min(WITHDRAWAL_PERIOD_DAYS).max(MAX_WITHDRAWAL_PERIOD_DAYS).optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, "Send at least one setting to change")
  .refine((body) => !body.currencyCodes || new Set(body.currencyCodes).size === body.currencyCodes.length, {
    message: "Each currency once",
    path: ["currencyCodes"],
  })
  .refine((body) => !body.countryCodes || new Set(body.countryCodes).size === body.countryCodes.length, {
    message: "Each country once",
    path: ["countryCodes"],
  })
  .refine(
    (body) =>
      !body.minimumOrderPrices ||
      new Set(body.minimumOrderPrices.map((price) => price.currencyCode)).size === body.minimumOrderPrices.length,
    {
      message: "One minimum per currency",
      path: ["minimumOrderPrices"],
    },
  );
export type UpdateAdminStoreSettingsBody = z.infer<typeof UpdateAdminStoreSettingsBodySchema>;
