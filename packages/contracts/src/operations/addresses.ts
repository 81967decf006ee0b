import { NoContentSchema, type Operation } from "./operation";
import {
  AddCompanyAddressBodySchema,
  AddressBookResponseSchema,
  AddressParamsSchema,
  CompanyAddressResponseSchema,
  CompanyAddressesResponseSchema,
  SaveAddressBodySchema,
  SavedAddressResponseSchema,
  SetDefaultAddressBodySchema,
} from "../addresses";

/** The customer's address book and their company's addresses. */
export const addressOperations = {
  // The customer's address book and their company's addresses.
  listAddresses: { method: "GET", path: "/customers/addresses", response: AddressBookResponseSchema },
  createAddress: {
    method: "POST",
    path: "/customers/addresses",
    body: SaveAddressBodySchema,
    response: SavedAddressResponseSchema,
    status: 201,
  },
  updateAddress: {
    method: "PUT",
    path: "/customers/addresses/:id",
    params: AddressParamsSchema,
    body: SaveAddressBodySchema,
    response: SavedAddressResponseSchema,
  },
  deleteAddress: {
    method: "DELETE",
    path: "/customers/addresses/:id",
    params: AddressParamsSchema,
    response: NoContentSchema,
    status: 204,
  },
  setDefaultAddress: {
    method: "PUT",
    path: "/customers/addresses/:id/default",
    params: AddressParamsSchema,
    body: SetDefaultAddressBodySchema,
    response: SavedAddressResponseSchema,
  },
  listCompanyAddresses: { method: "GET", path: "/customers/companies/addresses", response: CompanyAddressesResponseSchema },
  addCompanyAddress: {
    method: "POST",
    path: "/customers/companies/address",
    body: AddCompanyAddressBodySchema,
    response: CompanyAddressResponseSchema,
    status: 201,
  },
} as const satisfies Record<string, Operation>;
