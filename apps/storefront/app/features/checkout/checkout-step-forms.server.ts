import type { CheckoutSummary } from "@quire/contracts";
import type { z } from "zod";
import { cartLinesOf, isTracked, trackEcommerceEvent } from "~/features/analytics/ecommerce.server";
import { t as toastText } from "~/lib/i18n/translate";
import { t } from "~/lib/i18n/messages/checkout-server";
import { CHECKOUT_INTENTS } from "./checkout-intents";
import { intent, NoFieldsFormSchema } from "~/lib/form-intents.server";
import { backWithToast, changingSummary, invalidAsToast, saved, stepForm, type CheckoutActionArgs } from "./checkout-answers.server";
import { ADDRESS_FIELDS, CUSTOMER_INFO_FIELDS, ORDER_NOTE_FIELDS } from "./checkout-forms";
import {
  addressOf,
  type AddressInput,
  CheckoutAddressFormSchema,
  CHOOSE_SAVED_ADDRESS,
  CustomerInfoFormSchema,
  DeliveryOptionFormSchema,
  OrderNoteFormSchema,
  SavedAddressFormSchema,
} from "./checkout-forms.server";
import {
  chooseDeliveryOption,
  getCheckoutSummary,
  saveBillingAddress,
  saveCustomerInfo,
  saveDeliveryAddress,
  savedAddressInput,
  saveOrderNote,
} from "./checkout.server";

/*
 * The handlers of the checkout's step forms (decision 027): customer information, the delivery and billing
 * addresses (typed, or chosen from the address book), the delivery option and the order note. One each.
 */

type Context = CheckoutActionArgs["context"];
type AddressValues = z.output<typeof CheckoutAddressFormSchema>;

/**
 * Reports a checkout step's event (tracked shoppers only) with the checkout's lines as they are now, and the
 * details the step adds (the delivery option, the payment provider).
 */
export async function trackCheckout(
  context: Context,
  event: "add_shipping_info" | "add_payment_info",
  details: (summary: CheckoutSummary) => Record<string, string>,
) {
  if (!isTracked(context)) return;
  const summary = await getCheckoutSummary(context);
  if (summary) trackEcommerceEvent(context, event, { lines: cartLinesOf(summary.basketDetails.lineItems), details: details(summary) });
}

/** Customer information: email, names and phone. */
export const customerInfoIntent = ({ context }: CheckoutActionArgs) =>
  intent({
    schema: CustomerInfoFormSchema,
    ...stepForm(
      CHECKOUT_INTENTS.customerInfo,
      CUSTOMER_INFO_FIELDS,
      (info: z.output<typeof CustomerInfoFormSchema>) => saveCustomerInfo(context, info),
      toastText("toast.customer_information_saved"),
    ),
  });

/**
 * A typed address, delivery or billing, with the box ticked kept in the signed-in customer's address book too:
 * one call, in which the API saves both or neither.
 */
function addressIntent(name: string, save: (address: AddressInput, saveToAddressBook: boolean) => Promise<void>, message: string) {
  return intent({
    schema: CheckoutAddressFormSchema,
    ...stepForm(name, ADDRESS_FIELDS, ({ saveToBook, ...fields }: AddressValues) => save(addressOf(fields), saveToBook), message),
  });
}

/** A saved address chosen for delivery or billing: read from the customer's book, never from the form. */
function savedAddressIntent(context: Context, save: (address: AddressInput) => Promise<void>, message: string) {
  return intent({
    schema: SavedAddressFormSchema,
    invalid: invalidAsToast,
    run: ({ savedAddress }) =>
      changingSummary(async () => {
        const address = await savedAddressInput(context, savedAddress);
        if (!address) return backWithToast({ kind: "error", message: CHOOSE_SAVED_ADDRESS });
        await save(address);
        return saved(message);
      }),
  });
}

export const deliveryAddressIntent = ({ context }: CheckoutActionArgs) =>
  addressIntent(
    CHECKOUT_INTENTS.deliveryAddress,
    (address, saveToAddressBook) => saveDeliveryAddress(context, address, { saveToAddressBook }),
    toastText("toast.delivery_address_saved"),
  );

export const savedDeliveryAddressIntent = ({ context }: CheckoutActionArgs) =>
  savedAddressIntent(context, (address) => saveDeliveryAddress(context, address), toastText("toast.delivery_address_saved"));

export const billingAddressIntent = ({ context }: CheckoutActionArgs) =>
  addressIntent(
    CHECKOUT_INTENTS.billingAddress,
    (address, saveToAddressBook) => saveBillingAddress(context, { address, saveToAddressBook }),
    toastText("toast.billing_address_saved"),
  );

export const savedBillingAddressIntent = ({ context }: CheckoutActionArgs) =>
  savedAddressIntent(context, (address) => saveBillingAddress(context, { address }), toastText("toast.billing_address_saved"));

export const billingSameAsDeliveryIntent = ({ context }: CheckoutActionArgs) =>
  intent({
    schema: NoFieldsFormSchema,
    run: () =>
      changingSummary(async () => {
        await saveBillingAddress(context, { sameAsDelivery: true });
        return saved(toastText("toast.billing_address_saved"));
      }),
  });

/** The delivery option, reported to analytics with the checkout's lines. */
export const deliveryOptionIntent = ({ context }: CheckoutActionArgs) =>
  intent({
    schema: DeliveryOptionFormSchema,
    invalid: invalidAsToast,
    run: ({ deliveryZoneOptionId }) =>
      changingSummary(async () => {
        await chooseDeliveryOption(context, deliveryZoneOptionId);
        await trackCheckout(context, "add_shipping_info", (summary) => ({
          shipping_tier: summary.deliveryZoneOption?.deliveryOption.name ?? "",
        }));
        return saved(toastText("toast.delivery_option_saved"));
      }),
  });

/** The order note: the buyer's reference and a comment. */
export const orderNoteIntent = ({ context }: CheckoutActionArgs) =>
  intent({
    schema: OrderNoteFormSchema,
    ...stepForm(
      CHECKOUT_INTENTS.orderNote,
      ORDER_NOTE_FIELDS,
      (note: z.output<typeof OrderNoteFormSchema>) => saveOrderNote(context, note),
      t("checkout.toast.note_saved"),
    ),
  });
