import { z } from "zod";
import { AddressAnswerSchema, AddressSchema } from "./checkout";
import { dataSchema, IdParamSchema, IdSchema } from "./common";

// The customer's address book and their company's shared addresses. An address is
// checked by the same rules as checkout's (AddressSchema), so an address that can be saved can be delivered to.
// A customer's book has at most MAX_CUSTOMER_ADDRESSES entries, a company's MAX_COMPANY_ADDRESSES: both are short
// enough to answer whole, without paging.

/** Which default an address is: the one checkout offers first for delivery, for billing, or both. */
export const ADDRESS_DEFAULT_KINDS = ["delivery", "billing"] as const;
export const AddressDefaultKindSchema = z.enum(ADDRESS_DEFAULT_KINDS);
export type AddressDefaultKind = z.infer<typeof AddressDefaultKindSchema>;

/** A saved address: its fields as checkout answers them, its id, and whether it is a default. */
export const SavedAddressSchema = AddressAnswerSchema.extend({
  id: IdSchema,
  isDefaultDelivery: z.boolean(),
  isDefaultBilling: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).meta({ id: "SavedAddress" });
export type SavedAddress = z.infer<typeof SavedAddressSchema>;

/** GET /customers/addresses: the whole book, defaults first, then the newest. */
export const AddressBookResponseSchema = dataSchema(z.object({ addresses: z.array(SavedAddressSchema) }));
export type AddressBook = z.infer<typeof AddressBookResponseSchema>["data"];
export const SavedAddressResponseSchema = dataSchema(SavedAddressSchema);

/**
 * POST /customers/addresses and PUT /customers/addresses/:id: the address, and the defaults it becomes. Leaving
 * a flag out (or false) when editing keeps the address's current defaults: a default is handed to another
 * address by setting it there, never by clearing it, so checkout always has one once there is an address.
 */
export const SaveAddressBodySchema = z
  .object({
    address: AddressSchema,
    isDefaultDelivery: z.boolean().optional(),
    isDefaultBilling: z.boolean().optional(),
  })
  .strict();
export type SaveAddressBody = z.infer<typeof SaveAddressBodySchema>;

export const AddressParamsSchema = z.object({ id: IdParamSchema }).strict();

/** PUT /customers/addresses/:id/default: which defaults the address becomes (the others' flags move to it). */
export const SetDefaultAddressBodySchema = z
  .object({
    kinds: z
      .array(AddressDefaultKindSchema)
      .min(1)
      .max(ADDRESS_DEFAULT_KINDS.length)
      .refine((kinds) => new Set(kinds).size === kinds.length, "Name each kind once"),
  })
  .strict();
export type SetDefaultAddressBody = z.infer<typeof SetDefaultAddressBodySchema>;

/** An address of the customer's company, shared by its buyers; who added it is not shown to the others. */
export const CompanyAddressSchema = AddressAnswerSchema.extend({
  id: IdSchema,
  createdAt: z.string(),
}).meta({ id: "CompanyAddress" });
export type CompanyAddress = z.infer<typeof CompanyAddressSchema>;

/** GET /customers/companies/addresses: the company's name and its addresses, oldest first. */
export const CompanyAddressesResponseSchema = dataSchema(z.object({ companyName: z.string(), addresses: z.array(CompanyAddressSchema) }));
export type CompanyAddresses = z.infer<typeof CompanyAddressesResponseSchema>["data"];
export const CompanyAddressResponseSchema = dataSchema(CompanyAddressSchema);

/** POST /customers/companies/address: one address added to the company's list. */
export const AddCompanyAddressBodySchema = z.object({ address: AddressSchema }).strict();
export type AddCompanyAddressBody = z.infer<typeof AddCompanyAddressBodySchema>;
