import type { AddressAnswer } from "@quire/contracts";
import type { FormFailure } from "~/components/forms/form-errors";

/**
 * The checkout's forms as data the components and the action share (no zod: the browser gets these): field
 * names, the query parameters of the page's states, and the messages its own checks give.
 */

/** The path of the checkout page. */
export const CHECKOUT_PATH = "/checkout";

/**
 * The query parameter naming what the shopper reopened to change (a plain link, no script): their details,
 * the delivery section, or in it the delivery address or the billing address.
 */
export const EDIT_PARAM = "edit";
export const EDITABLE_SECTIONS = ["details", "delivery", "address", "billing"] as const;
export type EditableSection = (typeof EDITABLE_SECTIONS)[number];

/** The query parameter naming an order placed and not yet paid: the page is then its payment step. */
export const ORDER_PARAM = "order";

/** The checkout page of an order waiting for its payment. */
export const orderPaymentPath = (orderId: number) => `${CHECKOUT_PATH}?${ORDER_PARAM}=${orderId}`;
/** The page of a placed order: /successful-order/:id. */
export const successfulOrderPath = (orderId: number) => `/successful-order/${orderId}`;
/** The storefront's own address of an order's proforma invoice (a resource route streaming the API's PDF). */
export const proformaInvoicePath = (orderId: number) => `${successfulOrderPath(orderId)}/proforma-invoice`;

export const CUSTOMER_INFO_FIELDS = ["email", "firstName", "lastName", "phone"] as const;
export const ADDRESS_FIELDS = [
  "firstName",
  "lastName",
  "company",
  "line1",
  "line2",
  "city",
  "region",
  "postcode",
  "countryCode",
  "phone",
] as const;
export const ORDER_NOTE_FIELDS = ["referenceNumber", "customerComment"] as const;
export const PLACE_ORDER_FIELDS = ["paymentProviderId", "termsAccepted"] as const;

/** The field a saved-address choice posts, and its value: where the address is kept, and its id. */
export const SAVED_ADDRESS_FIELD = "savedAddress";
export const savedAddressKey = (source: "mine" | "company", id: number) => `${source}-${id}`;
/** The checkbox of a new address's form that also keeps it in the customer's address book. */
export const SAVE_TO_BOOK_FIELD = "saveToBook";

/** A saved address checkout offers a signed-in customer (their own, or their company's). */
export interface SavedAddressOption {
  key: string;
  source: "mine" | "company";
  address: AddressAnswer;
  isDefaultDelivery: boolean;
  isDefaultBilling: boolean;
}

/** The action's answer when it is a refusal (FormFailure: its errors, and which form). */
export function formFailureOf(actionData: unknown): FormFailure | undefined {
  return typeof actionData === "object" && actionData !== null && "errors" in actionData ? (actionData as FormFailure) : undefined;
}

/** The action's answer when it is a refusal of the form with this intent (the page has several forms). */
export function failureFor(actionData: unknown, intent: string): FormFailure | undefined {
  const failure = formFailureOf(actionData);
  return failure?.intent === intent ? failure : undefined;
}
