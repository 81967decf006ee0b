import { z } from "zod";
import { CountryCodeSchema, CurrencyCodeSchema, dataSchema } from "./common";
import { ANONYMOUS_PRODUCT_POLICIES, INVENTORY_AVAILABILITY_MODES } from "./constants";

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
