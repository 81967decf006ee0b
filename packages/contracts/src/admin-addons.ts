import { z } from "zod";
import { CurrencyCodeSchema, dataSchema, IdParamSchema, IdSchema, textSchema } from "./common";
import { INT32_MAX, TAX_CLASSES } from "./constants";

// Contracts of the merchant's add-ons (admin API, permission `catalogue`, decision 055): extras sold with a product,
// gift wrap or a card with a message, each with priced options. Which products offer an add-on is the product's
// `addonIds` (POST and PUT /admin/products).

/** The most add-ons one product may offer. */
export const MAX_PRODUCT_ADDONS = 20;
/** The most options one add-on may have. */
export const MAX_ADDON_OPTIONS = 20;

const AddonCodeSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lower-case letters, digits and single dashes")
  .max(50);

/** An option's price in minor units in each currency it is sold in (at least one; each one the store sells in). */
export const AdminAddonOptionPricesSchema = z
  .record(CurrencyCodeSchema, z.number().int().min(0).max(INT32_MAX))
  .refine((prices) => Object.keys(prices).length >= 1, "Give a price in at least one currency")
  .refine((prices) => Object.keys(prices).length <= 10, "Give prices in at most 10 currencies");

const optionFields = {
  name: textSchema({ trim: true, min: 1, max: 100 }),
  /** Replaces the option's prices: a currency left out is no longer sold in (a basket in it cannot buy the option). */
  prices: AdminAddonOptionPricesSchema,
};

const addonFields = {
  name: textSchema({ trim: true, min: 1, max: 100 }),
  description: textSchema({ trim: true, max: 1000, multiline: true }),
  /** Order among the store's add-ons on a product page, lowest first. */
  position: z.number().int().min(0).max(100_000),
  /** Gift wrap and cards are standard-rated goods whatever the book they come with (the default). */
  taxClass: z.enum(TAX_CLASSES),
};

/** POST /admin/addons: an add-on with its options in the order shown. 409 `addon_code_taken`; 400 `currency_not_supported`. */
export const CreateAdminAddonBodySchema = z
  .object({
    code: AddonCodeSchema,
    name: addonFields.name,
    description: addonFields.description.optional(),
    position: addonFields.position.optional(),
    taxClass: addonFields.taxClass.optional(),
    options: z.array(z.object(optionFields).strict()).min(1).max(MAX_ADDON_OPTIONS),
  })
  .strict();
export type CreateAdminAddonBody = z.infer<typeof CreateAdminAddonBodySchema>;

/**
 * PUT /admin/addons/:id: the fields sent change, the rest stay (the code never changes). `options`, when sent, is the
 * whole new list in its order: an option with its `id` is kept (renamed, repriced, moved), one without is new, and an
 * option left out is removed. Baskets that chose a removed option keep their line without it and are told so
 * (`addon_removed`); orders keep theirs as they were. 404 `addon_option_not_found` for an id not among its options.
 */
export const UpdateAdminAddonBodySchema = z
  .object({
    name: addonFields.name.optional(),
    description: addonFields.description.optional(),
    position: addonFields.position.optional(),
    taxClass: addonFields.taxClass.optional(),
    options: z
      .array(z.object({ id: IdSchema.optional(), ...optionFields }).strict())
      .min(1)
      .max(MAX_ADDON_OPTIONS)
      .refine((options) => {
        const ids = options.flatMap((option) => (option.id === undefined ? [] : [option.id]));
        return new Set(ids).size === ids.length;
      }, "Name each option once")
      .optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, "Send at least one field to change");
export type UpdateAdminAddonBody = z.infer<typeof UpdateAdminAddonBodySchema>;

export const AdminAddonParamsSchema = z.object({ id: IdParamSchema }).strict();

export const AdminAddonOptionSchema = z
  .object({
    id: IdSchema,
    name: z.string(),
    position: z.number().int(),
    /** currency -> price in minor units. */
    prices: z.record(z.string(), z.number().int()),
  })
  .meta({ id: "AdminAddonOption" });

export const AdminAddonSchema = z
  .object({
    id: IdSchema,
    code: z.string(),
    name: z.string(),
    description: z.string(),
    position: z.number().int(),
    taxClass: z.enum(TAX_CLASSES),
    options: z.array(AdminAddonOptionSchema),
    /** How many of the store's products offer it. */
    productCount: z.number().int(),
  })
  .meta({ id: "AdminAddon" });
export type AdminAddon = z.infer<typeof AdminAddonSchema>;
export const AdminAddonResponseSchema = dataSchema(AdminAddonSchema);
/** GET /admin/addons: every add-on of the store, in the order a product page shows them. */
export const AdminAddonListResponseSchema = dataSchema(z.object({ addons: z.array(AdminAddonSchema) }));
