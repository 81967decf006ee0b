import { defineStateMachine } from "../state-machines/state-machine";

export const CART_STATUSES = ["open", "merged", "ordered"] as const;
export type CartStatus = (typeof CART_STATUSES)[number];

/**
 * A cart is open until it is merged into a customer's on sign-in (a guest cart, decision 006) or ordered
 * (checkout places an order from it). Both are final: a closed cart keeps its lines for history, and its
 * anonymousId opens nothing any more.
 */
export const cartMachine = defineStateMachine<CartStatus>("cart", {
  open: ["merged", "ordered"],
  merged: [],
  ordered: [],
});
