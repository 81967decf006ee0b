import {
  hasErrorCode,
  type AcknowledgeCartNotificationsBody,
  type AddToCartBody,
  type AddToCartBulkBody,
  type AddToCartBulkResult,
  type Cart,
  type CartNotification,
  type ChangeCartQuantityBody,
  type RemoveCartLinesBody,
  type SetCartAddonsBulkBody,
  type SetCartLineAddonsBody,
} from "@quire/contracts";
import type { RouterContextProvider } from "react-router";
import { ApiRequestError } from "~/lib/api.server";
import { apiContext, sessionContext } from "~/lib/context.server";
import { anonymousCartCookie } from "~/lib/session.server";

/*
 * The storefront's side of the cart calls. A signed-in customer's cart follows the token
 * the API client already sends; an anonymous visitor's cart is named by the id in the quire_cart cookie
 * (docs/decisions/002), sent as `anonymousId`. The storefront never sends or computes a price.
 */

type Context = Readonly<RouterContextProvider>;

/** The anonymousId to send: the cookie's cart id for an anonymous visitor, nothing once signed in. */
export function anonymousIdOf(context: Context): string | undefined {
  const session = context.get(sessionContext);
  return session.token ? undefined : (session.anonymousCartId ?? undefined);
}

const loadedCarts = new WeakMap<Context, Promise<Cart | null>>();

/**
 * The visitor's cart, read once per request however many loaders ask (the root loader for the header count,
 * the cart page for its lines). Null when an anonymous visitor has no cart yet, or their cart id is no
 * longer known to the API (merged into a customer's cart, or expired).
 */
export function getCart(context: Context): Promise<Cart | null> {
  let loaded = loadedCarts.get(context);
  if (!loaded) {
    loaded = readCart(context);
    loadedCarts.set(context, loaded);
  }
  return loaded;
}

async function readCart(context: Context): Promise<Cart | null> {
  const session = context.get(sessionContext);
  if (!session.token && !session.anonymousCartId) return null;
  try {
    const { data } = await context.get(apiContext).call("getCart", { query: { anonymousId: anonymousIdOf(context) } });
    return data;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

/** What every page's header shows of the cart: its item count, and what changed since the shopper looked. */
export interface CartSummary {
  itemCount: number;
  /**
   * The API answers each notice until the shopper has been shown it (decision 020): the header shows them
   * wherever the shopper is, the cart page beside their lines, and the page that showed them acknowledges them.
   */
  notifications: CartNotification[];
}

/** The header's cart for a visitor without one (or one the start-up read is skipped for). */
export const NO_CART_SUMMARY: CartSummary = { itemCount: 0, notifications: [] };

/**
 * The cart as the header shows it, loaded with every page. The shop stays usable
 * when the cart cannot be read (the API briefly away): the basket then shows as empty rather than failing
 * every page.
 */
export async function getCartSummary(context: Context): Promise<CartSummary> {
  try {
    const cart = await getCart(context);
    return { itemCount: cart?.itemCount ?? 0, notifications: cart?.notifications ?? [] };
  } catch (error) {
    // A 401 or 403 arrives as its redirect (sign in, or resolve the 403: lib/api-failure.server.ts): let it go.
    if (error instanceof Response) throw error;
    console.warn("The cart could not be read for the header:", error instanceof Error ? error.message : error);
    return NO_CART_SUMMARY;
  }
}

/** What a cart change answers: the cart, and the headers that keep a new anonymous cart's id. */
export interface CartChange {
  cart: Cart;
  headers: Headers;
}

/**
 * Remembers an anonymous cart's id: in a cookie for later requests, and in this request's session so the
 * loaders that run after the action (without JavaScript, on the same request) already see the new cart.
 */
async function keepAnonymousId(context: Context, cart: Cart): Promise<Headers> {
  const headers = new Headers();
  const session = context.get(sessionContext);
  if (session.token || !cart.anonymousId || cart.anonymousId === session.anonymousCartId) return headers;
  headers.append("Set-Cookie", await anonymousCartCookie.serialize(cart.anonymousId));
  context.set(sessionContext, { ...session, anonymousCartId: cart.anonymousId });
  return headers;
}

/**
 * Makes an adding call with the visitor's anonymousId. A cookie naming a cart the API no longer knows
 * (merged into a customer's, or expired) starts a new cart rather than failing: the call is made again
 * without it, and its answer carries the new cart's id. That second call is another request to the API,
 * so it gets a key of its own, made from the form's: a resent form replays both answers (decision 018).
 */
async function addingToCart<T>(
  context: Context,
  idempotencyKey: string | undefined,
  call: (anonymousId: string | undefined, idempotencyKey: string | undefined) => Promise<T>,
): Promise<T> {
  const anonymousId = anonymousIdOf(context);
  try {
    return await call(anonymousId, idempotencyKey);
  } catch (error) {
    if (!(anonymousId && error instanceof ApiRequestError && hasErrorCode(error, "cart_not_found"))) throw error;
    return call(undefined, idempotencyKey && `${idempotencyKey}-new-cart`);
  }
}

/** What an adding form sent besides its lines: the key it was rendered with, if any (decision 018). */
export interface AddingOptions {
  idempotencyKey?: string;
}

/** Adds units of a variant (PUT /baskets). An anonymous visitor's first add creates their cart, whose id the answer carries. */
export async function addToCart(
  context: Context,
  item: Omit<AddToCartBody, "anonymousId">,
  options: AddingOptions = {},
): Promise<CartChange> {
  const api = context.get(apiContext);
  const cart = await addingToCart(
    context,
    options.idempotencyKey,
    async (anonymousId, idempotencyKey) =>
      (await api.call("addToCart", { body: { ...item, anonymousId }, headers: { "idempotency-key": idempotencyKey } })).data,
  );
  return { cart, headers: await keepAnonymousId(context, cart) };
}

/**
 * Adds several lines in one call (PUT /baskets/bulk: the API adds them in one transaction), with a result
 * per line in the order given: added, or refused with the API's reason.
 */
export async function addToCartBulk(
  context: Context,
  items: AddToCartBulkBody["items"],
  options: AddingOptions = {},
): Promise<CartChange & { results: AddToCartBulkResult[] }> {
  const api = context.get(apiContext);
  const { cart, results } = await addingToCart(
    context,
    options.idempotencyKey,
    async (anonymousId, idempotencyKey) =>
      (await api.call("addToCartBulk", { body: { items, anonymousId }, headers: { "idempotency-key": idempotencyKey } })).data,
  );
  return { cart, results, headers: await keepAnonymousId(context, cart) };
}

/**
 * Says the cart's notices have been shown to the shopper (PUT /baskets/notifications/acknowledge): the API
 * clears them and settles what they reported. A notice found since stays for the next page.
 */
export async function acknowledgeCartNotices(
  context: Context,
  notifications: AcknowledgeCartNotificationsBody["notifications"],
): Promise<Cart> {
  const body: AcknowledgeCartNotificationsBody = { notifications, anonymousId: anonymousIdOf(context) };
  return (await context.get(apiContext).call("acknowledgeCartNotifications", { body })).data;
}

/** Sets a line's quantity (PUT /baskets/products/quantity); 0 removes the line. */
export async function changeCartQuantity(context: Context, change: Omit<ChangeCartQuantityBody, "anonymousId">): Promise<Cart> {
  const body: ChangeCartQuantityBody = { ...change, anonymousId: anonymousIdOf(context) };
  return (await context.get(apiContext).call("setCartLineQuantity", { body })).data;
}

/** Removes lines (DELETE /baskets/products). */
export async function removeCartLines(context: Context, lineItemIds: number[]): Promise<Cart> {
  const body: RemoveCartLinesBody = { lineItemIds, anonymousId: anonymousIdOf(context) };
  return (await context.get(apiContext).call("removeCartLines", { body })).data;
}

/** Replaces one line's add-ons (PUT /baskets/addons). */
export async function setCartLineAddons(context: Context, change: Omit<SetCartLineAddonsBody, "anonymousId">): Promise<Cart> {
  const body: SetCartLineAddonsBody = { ...change, anonymousId: anonymousIdOf(context) };
  return (await context.get(apiContext).call("setCartLineAddons", { body })).data;
}

/** Replaces the add-ons of several lines at once, all or nothing (PUT /baskets/addons/bulk). */
export async function setCartAddonsBulk(context: Context, items: SetCartAddonsBulkBody["items"]): Promise<Cart> {
  const body: SetCartAddonsBulkBody = { items, anonymousId: anonymousIdOf(context) };
  return (await context.get(apiContext).call("setCartAddonsBulk", { body })).data;
}
