import type { AddressAnswer } from "@quire/contracts";

/** The account's address page. */
export const ADDRESSES_PATH = "/account/addresses";

/**
 * The query parameters of the page's states, plain links that work without JavaScript: `?add=mine` or
 * `?add=company` opens a new address's form, `?edit=<id>` one address's, `?delete=<id>` its confirmation.
 */
export const ADDRESS_PAGE_PARAMS = { add: "add", edit: "edit", delete: "delete" } as const;
export const ADD_TARGETS = ["mine", "company"] as const;
export type AddTarget = (typeof ADD_TARGETS)[number];

/** The address book's default choices, as its form's checkboxes name them. */
export const DEFAULT_FIELDS = { delivery: "isDefaultDelivery", billing: "isDefaultBilling" } as const;

/** A short name for an address in buttons' hidden labels ("Edit 14 Chapel Row, Bath"). */
export const addressName = (address: Pick<AddressAnswer, "line1" | "city">) => `${address.line1}, ${address.city}`;
