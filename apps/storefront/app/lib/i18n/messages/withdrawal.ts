import { translator, type MessageSet } from "../translator";

/**
 * Withdrawing from a contract (routes/withdraw.tsx, decision 061): finding the order, choosing the items and
 * confirming, the acknowledgement; and the "Withdraw from this order" of an order's pages. The merchant's to adapt.
 */
export const withdrawalMessages = {
  "withdrawal.title": "Withdraw from a contract",
  "withdrawal.description":
    "Withdraw from an order, in whole or in part, within 14 days after its delivery. No reason needed: we acknowledge it at once.",
  "withdrawal.intro":
    "You can withdraw from an order within 14 days after it is delivered, or for longer where our terms and conditions say so. You do not need to give a reason, and you can withdraw from the whole order or from some of its items only.",
  "withdrawal.from_order": "Withdraw from this order",

  "withdrawal.find.heading": "Which order?",
  "withdrawal.find.intro": "Enter the order number and the email address you ordered with. Next, you choose the items and confirm.",
  "withdrawal.find.order_number": "Order number",
  "withdrawal.find.order_number_hint": "It starts with QB-, as in your confirmation email. For example QB-1001",
  "withdrawal.find.email": "Email address",
  "withdrawal.find.submit": "Find my order",
  "withdrawal.find.submitting": "Finding your order…",
  "withdrawal.find.signed_in": "Signed in? Each of your orders has its own withdrawal button too.",
  "withdrawal.find.account_orders": "Your orders",

  "withdrawal.choose.heading": "Order {number}",
  "withdrawal.choose.until": "You can withdraw from it until {date}.",
  "withdrawal.choose.until_delivery": "You can withdraw from it now, and until {days} days after it is delivered.",
  "withdrawal.choose.items": "Items to withdraw from",
  "withdrawal.choose.items_hint": "Everything that can be withdrawn from is chosen. To keep an item, set it to 0.",
  "withdrawal.choose.up_to": "{count} bought, up to {available} to withdraw from",
  "withdrawal.choose.none_left": "{count} bought, already withdrawn from or returned",
  "withdrawal.choose.nothing_left": "Nothing of this order is left to withdraw from.",
  "withdrawal.choose.confirm_text":
    "When you confirm, your withdrawal is made: we acknowledge it on the next page and by email, with the date and time we received it.",
  "withdrawal.choose.confirm": "Confirm withdrawal",
  "withdrawal.choose.confirming": "Sending your withdrawal…",
  "withdrawal.choose.another": "Choose another order",
  "withdrawal.choose.quantity_invalid": "Enter how many to withdraw from, 0 or more.",
  "withdrawal.choose.none_chosen": "Choose at least one item to withdraw from.",

  "withdrawal.done.heading": "We have received your withdrawal",
  "withdrawal.done.summary": "Withdrawal {id} from order {number}, received on {date}.",
  "withdrawal.done.emailed": "We have sent this acknowledgement to your email address.",
  "withdrawal.done.number": "Withdrawal number",
  "withdrawal.done.order": "Order",
  "withdrawal.done.received": "Received on",
  "withdrawal.done.refund_by": "Refund by",
  "withdrawal.done.items": "Items withdrawn from",
  "withdrawal.done.whole_order": "You have withdrawn from the whole order.",
  "withdrawal.done.delivery": "Delivery",
  "withdrawal.done.total": "Total refund",
  "withdrawal.done.next":
    "We will refund {amount} to the way you paid by {date} at the latest. We may wait until the items are back with us, or until you send us proof that you have sent them. Please send the items back within 14 days, with the withdrawal number inside the parcel.",
  "withdrawal.done.continue": "Continue shopping",

  "withdrawal.link.invalid": "This order link does not work",
  "withdrawal.link.invalid_text": "The link may be incomplete or altered. Find your order with its number and email address instead.",
  "withdrawal.link.expired": "This order link has expired",
  "withdrawal.link.expired_text": "Find your order with its number and email address instead, or ask for a new link.",
  "withdrawal.link.new_link": "Get a new order link",
  "withdrawal.link.by_number": "Find the order by its number",
} as const satisfies MessageSet;

export const t = translator(withdrawalMessages);
