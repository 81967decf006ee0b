import {
  AddressSchema,
  CheckoutFieldsBodySchema,
  CustomerInfoBodySchema,
  DiscountCodeBodySchema,
  PaymentProviderIdSchema,
  PlaceOrderBodySchema,
} from "@quire/contracts";
import { z } from "zod";
import { data } from "react-router";
import type { FormError, FormFailure } from "~/components/forms/form-errors";
import { IDEMPOTENCY_KEY_FIELD } from "~/features/cart/cart-forms";
import { ApiRequestError } from "~/lib/api.server";
import { CheckboxField, postedIdField, PostedIdempotencyKeyField } from "~/lib/form-intents.server";
import { t } from "~/lib/i18n/messages/checkout-server";
import { SAVE_TO_BOOK_FIELD, SAVED_ADDRESS_FIELD } from "./checkout-forms";

/*
 * The checkout's forms as its action reads them (lib/form-intents.server.ts): the contract's bodies without
 * the anonymousId, which the server adds from the visitor's basket cookie, never from the form.
 */

/** The refusals of the checkout's choices (the server's only: its sets stay out of the page's scripts). */
export const CHOOSE_DELIVERY_OPTION = t("checkout.form.choose_delivery_option");
export const CHOOSE_SAVED_ADDRESS = t("checkout.form.choose_saved_address");
export const CHOOSE_PAYMENT_METHOD = t("checkout.form.choose_payment_method");

/** Customer information: email, names and phone. */
export const CustomerInfoFormSchema = CustomerInfoBodySchema.omit({ anonymousId: true });

/**
 * An address form (delivery or billing): the contract's address fields with their per-country rules (a
 * postcode as the country writes it, a US state). The contract normalises the postcode after these checks;
 * the API does it when it takes the address.
 */
export const AddressFormSchema = AddressSchema.in;

/** A new address at checkout: the address, and whether to keep it in the signed-in customer's book too. */
export const CheckoutAddressFormSchema = AddressFormSchema.extend({ [SAVE_TO_BOOK_FIELD]: CheckboxField });

/** One of the customer's saved addresses, chosen from the list (its key says whose list and which). */
export const SavedAddressFormSchema = z.object({
  [SAVED_ADDRESS_FIELD]: z.string({ error: CHOOSE_SAVED_ADDRESS }).regex(/^(?:mine|company)-\d{1,10}$/, CHOOSE_SAVED_ADDRESS),
});

/** An address as a checkout call sends it (the API normalises it). */
export type AddressInput = z.input<typeof AddressSchema>;

/** An address as the API takes it: the optional fields left empty are left out rather than sent as "". */
export function addressOf(values: z.output<typeof AddressFormSchema>): AddressInput {
  const address = { ...values };
  for (const key of ["company", "line2", "region", "postcode", "phone"] as const) if (address[key] === "") delete address[key];
  return address;
}

/** The delivery option chosen from the radio list. */
export const DeliveryOptionFormSchema = z.object({ deliveryZoneOptionId: postedIdField(CHOOSE_DELIVERY_OPTION) });

/** A discount code to apply, or one on the basket to remove. */
export const DiscountCodeFormSchema = DiscountCodeBodySchema.omit({ anonymousId: true });

/** The order note: the buyer's reference and a comment. */
export const OrderNoteFormSchema = CheckoutFieldsBodySchema.omit({ anonymousId: true });

/** A payment method from the radio list: one of the providers the contract names. */
const PaymentMethodField = z.enum(PaymentProviderIdSchema.options, { error: CHOOSE_PAYMENT_METHOD });

/**
 * "Place order": how to pay, the terms box, the privacy policy a guest was shown, and the key the form was
 * rendered with (decision 018).
 */
export const PlaceOrderFormSchema = z.object({
  paymentProviderId: PaymentMethodField,
  termsAccepted: CheckboxField,
  privacyPolicyId: PlaceOrderBodySchema.shape.privacyPolicyId,
  [IDEMPOTENCY_KEY_FIELD]: PostedIdempotencyKeyField,
});

/** Paying an order already placed (the payment step): which order, how, and the form's key. */
export const PayOrderFormSchema = z.object({
  orderId: postedIdField(t("checkout.form.order_not_found")),
  paymentProviderId: PaymentMethodField,
  [IDEMPOTENCY_KEY_FIELD]: PostedIdempotencyKeyField,
});

/** "Check payment status" on the payment step. */
export const RefreshPaymentFormSchema = z.object({ orderId: postedIdField(t("checkout.form.order_not_found")) });

/**
 * A failed call's errors as a form shows them: the API names a field by where it was in the request
 * (`body.address.postcode`); the form names it as its input (`postcode`).
 */
export function formErrorsOf(error: ApiRequestError): FormError[] {
  return error.errors.map((problem) =>
    problem.field
      ? { ...problem, field: problem.field.replace(/^body\.(?:address\.)?/, "") }
      : { code: problem.code, message: problem.message },
  );
}

/**
 * A checkout form's failed call, answered with the API's status and its errors beside the form's fields
 * (failedForm's, with the fields renamed). Redirects (a 401 or 403, lib/api-failure.ts) and bugs are rethrown.
 */
export function failedCheckoutForm(error: unknown, context: Omit<FormFailure, "errors">) {
  if (!(error instanceof ApiRequestError)) throw error;
  return data<FormFailure>({ ...context, errors: formErrorsOf(error) }, { status: error.status });
}
