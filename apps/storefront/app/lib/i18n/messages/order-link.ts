import { translator, type MessageSet } from "../translator";

/** A guest's order link (routes/order-status.tsx) and "find my order" (routes/find-my-order.tsx). */
export const orderLinkMessages = {
  "order_link.title": "Order {number}",
  "order_link.heading": "Your order {number}",
  "order_link.placed": "Placed with {email}.",
  "order_link.private": "This page is private to whoever holds the link from your email: please do not share it.",
  "order_link.status": "Status",
  "order_link.status.awaiting_payment": "Awaiting payment",
  "order_link.status.confirmed": "Confirmed, being prepared",
  "order_link.status.shipped": "Shipped",
  "order_link.status.delivered": "Delivered",
  "order_link.status.cancelled": "Cancelled",
  "order_link.tracking": "Tracking reference",
  "order_link.invalid": "This order link does not work",
  "order_link.invalid_text": "The link may be incomplete or altered. Ask for a new one with your order number and email address.",
  "order_link.expired": "This order link has expired",
  "order_link.expired_text": "Order links work for a few months. Ask for a new one with your order number and email address.",
  "order_link.ask_again": "Get a new link",
  "order_link.continue": "Continue shopping",
  "order_link.find.title": "Find my order",
  "order_link.find.description": "Get a link to your order by email: enter its number and the email address you ordered with.",
  "order_link.find.intro":
    "Enter your order number (it starts with QB-, as in your confirmation email) and the email address you ordered with. We will email you a link to see the order, its status and its invoice.",
  "order_link.find.order_number": "Order number",
  "order_link.find.order_number_hint": "For example QB-1001",
  "order_link.find.email": "Email address",
  "order_link.find.send": "Email me a link",
  "order_link.find.sending": "Sending…",
  "order_link.find.sent": "Check your inbox",
  "order_link.find.sent_text":
    "If the number and the email address match an order, a link to it is on its way to that address. It can take a few minutes; check your spam folder too.",
  "order_link.find.again": "Find another order",
  "order_link.find.signed_in": "Signed in? Your orders are all in your account.",
  "order_link.find.account_orders": "Your orders",
} as const satisfies MessageSet;

export const t = translator(orderLinkMessages);
