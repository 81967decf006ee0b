import type { CheckoutSummary } from "@quire/contracts";
import { sql } from "drizzle-orm";
import type { App } from "../../app";
import type { Db } from "../../db/client";
import { createDeliveryZone, createDiscountCode, createTaxSetup } from "../../testing/checkout-factories";
import type { StoreInput } from "../../testing/factories";
import { setVariantPrices } from "../catalog/catalog-writes";
import { TEST_HEADERS } from "../../testing/test-api";
import { cartClient, cartOf, createCartTestShop, type CartCaller } from "../cart/cart-test-catalogue";

/**
 * The cart test shop (cart-test-catalogue.ts) ready to check out: UK and US tax (books zero-rated in the UK,
 * gift wrap and cards at 20%; 6% on everything in the US), GBP prices with VAT in them and USD prices
 * without, a UK zone (standard 395, free over 3000; express 695) and a US zone, and discount codes.
 */
export async function createCheckoutTestShop(db: Db, storeInput: StoreInput = {}) {
  const shop = await createCartTestShop(db, {
    countryCodes: ["GB", "US", "FR"],
    bankTransferDetails: {
      accountName: "Test Store Ltd",
      bankName: "Test Bank",
      sortCode: "12-34-56",
      accountNumber: "12345678",
      iban: "GB33BUKB20201555555555",
      bic: "BUKBGB22",
    },
    ...storeInput,
  });
  const storeId = shop.store.id;
  // The paperback is sold in dollars too (USD prices exclude tax), set through the catalogue's write path.
  if (!(await setVariantPrices(db, shop.variants.plainPaperback, { USD: { amount: 899 } }))) throw new Error("the paperback exists");
  await createTaxSetup(db, {
    storeId,
    rates: { GB: { books: 0, standard: 2000 }, US: { books: 600, standard: 600 } },
    pricesIncludeTax: { GBP: true, USD: false },
  });
  const uk = await createDeliveryZone(db, {
    storeId,
    name: "United Kingdom",
    countryCodes: ["GB"],
    options: [
      {
        kind: "standard",
        name: "Standard",
        minDays: 2,
        maxDays: 4,
        prices: { GBP: { amount: 395, freeOverAmount: 3000 }, USD: { amount: 500 } },
      },
      { kind: "express", name: "Express", minDays: 1, maxDays: 1, prices: { GBP: { amount: 695 }, USD: { amount: 900 } } },
    ],
  });
  const us = await createDeliveryZone(db, {
    storeId,
    name: "United States",
    countryCodes: ["US"],
    options: [{ kind: "standard", name: "Airmail", minDays: 6, maxDays: 10, prices: { GBP: { amount: 995 }, USD: { amount: 1299 } } }],
  });
  const day = 24 * 60 * 60 * 1000;
  const codes = {
    tenOff: await createDiscountCode(db, { storeId, code: "TENOFF", kind: "percentage", basisPoints: 1000 }),
    fiveOff: await createDiscountCode(db, {
      storeId,
      code: "FIVEOFF",
      kind: "fixed_amount",
      currencies: { GBP: { amountOff: 500, minimumSpend: 4000 } },
    }),
    freePost: await createDiscountCode(db, { storeId, code: "FREEPOST", kind: "free_delivery" }),
    expired: await createDiscountCode(db, {
      storeId,
      code: "EXPIRED",
      kind: "percentage",
      basisPoints: 500,
      endsAt: new Date(Date.now() - day),
    }),
    later: await createDiscountCode(db, {
      storeId,
      code: "LATER",
      kind: "percentage",
      basisPoints: 500,
      startsAt: new Date(Date.now() + day),
    }),
    once: await createDiscountCode(db, { storeId, code: "ONCE", kind: "percentage", basisPoints: 2000, usageLimit: 1 }),
    onePerCustomer: await createDiscountCode(db, { storeId, code: "WELCOME", kind: "percentage", basisPoints: 1000, perCustomerLimit: 1 }),
  };
  return {
    ...shop,
    zones: { uk, us },
    options: { ukStandard: uk.optionIds[0]!, ukExpress: uk.optionIds[1]!, usAirmail: us.optionIds[0]! },
    codes,
  };
}

export const UK_ADDRESS = {
  firstName: "Ada",
  lastName: "Lovelace",
  line1: "12 St James's Square",
  city: "London",
  postcode: "sw1y4jh",
  countryCode: "GB",
};
export const US_ADDRESS = {
  firstName: "Grace",
  lastName: "Hopper",
  line1: "1 Market St",
  city: "San Francisco",
  region: "ca",
  postcode: "94105",
  countryCode: "US",
};
export const CUSTOMER_INFO = { email: "Ada@Example.com", firstName: "Ada", lastName: "Lovelace" };

/** Calls checkout and order endpoints the way the storefront does. */
export function checkoutClient(app: () => App) {
  const headers = (caller: CartCaller, extra: Record<string, string> = {}) => ({
    ...TEST_HEADERS,
    ...(caller.currencyCode ? { currencycode: caller.currencyCode } : {}),
    ...(caller.authorization ? { authorization: caller.authorization } : {}),
    ...extra,
  });
  const send = (
    method: "GET" | "PUT" | "DELETE" | "POST",
    url: string,
    caller: CartCaller,
    payload?: unknown,
    extra?: Record<string, string>,
  ) => app().inject({ method, url, headers: headers(caller, extra), ...(payload === undefined ? {} : { payload: payload as object }) });
  const query = (anonymousId?: string) => (anonymousId ? `?anonymousId=${encodeURIComponent(anonymousId)}` : "");
  return {
    send,
    summary: (caller: CartCaller, anonymousId?: string) => send("GET", `/baskets/checkout/summary${query(anonymousId)}`, caller),
    options: (caller: CartCaller, anonymousId?: string) =>
      send("GET", `/baskets/checkout/delivery/available-options${query(anonymousId)}`, caller),
    customerInfo: (body: object, caller: CartCaller = {}) => send("PUT", "/baskets/checkout/customer-info", caller, body),
    deliveryAddress: (body: object, caller: CartCaller = {}) => send("PUT", "/baskets/checkout/delivery-address", caller, body),
    billingAddress: (body: object, caller: CartCaller = {}) => send("PUT", "/baskets/checkout/billing-address", caller, body),
    deliveryOption: (body: object, caller: CartCaller = {}) => send("PUT", "/baskets/checkout/delivery/options", caller, body),
    applyCode: (body: object, caller: CartCaller = {}) => send("PUT", "/baskets/checkout/discount-codes", caller, body),
    removeCode: (body: object, caller: CartCaller = {}) => send("DELETE", "/baskets/checkout/discount-codes", caller, body),
    fields: (body: object, caller: CartCaller = {}) => send("PUT", "/baskets/checkout/customers-fields", caller, body),
    placeOrder: (body: object, caller: CartCaller = {}, extra?: Record<string, string>) => send("POST", "/orders", caller, body, extra),
    order: (id: number, caller: CartCaller, anonymousId?: string) => send("GET", `/orders/${id}${query(anonymousId)}`, caller),
  };
}

/** The summary of a 200 answer; fails the test with the body otherwise. */
export function summaryOf(response: { statusCode: number; body: string; json(): unknown }): CheckoutSummary {
  if (response.statusCode !== 200) throw new Error(`expected 200, got ${response.statusCode}: ${response.body}`);
  return (response.json() as { data: CheckoutSummary }).data;
}

/**
 * `count` guest baskets ready to order, written straight to the database in four statements (the race tests
 * need hundreds): each holds `quantity` of the variant, the buyer's details, a UK address and the option.
 */
export async function createReadyGuestBaskets(
  db: Db,
  input: { storeId: number; count: number; variantId: number; quantity: number; deliveryOptionId: number; emailPrefix: string },
): Promise<string[]> {
  const anonymousIds = Array.from(
    { length: input.count },
    (_, index) => `${input.emailPrefix}-basket-${String(index).padStart(6, "0")}-abcdefghijklmnop`,
  );
  const result = (await db.execute(
    sql`insert into carts (store_id, anonymous_id) select ${input.storeId}, unnest(${sql.param(anonymousIds)}::text[]) returning id, anonymous_id as "anonymousId"`,
  )) as unknown as { rows: { id: number; anonymousId: string }[] };
  const cartIds = result.rows.map((row) => row.id);
  await db.execute(
    sql`insert into cart_lines (cart_id, variant_id, item_name, quantity) select unnest(${sql.param(cartIds)}::int[]), ${input.variantId}, 'item', ${input.quantity}`,
  );
  await db.execute(
    sql`insert into cart_checkouts (cart_id, email, first_name, last_name, delivery_address, delivery_zone_option_id)
        select id, ${input.emailPrefix} || '-' || id || '@example.com', 'Race', 'Buyer', ${JSON.stringify({ ...UK_ADDRESS, postcode: "SW1Y 4JH" })}::jsonb, ${input.deliveryOptionId}
        from unnest(${sql.param(cartIds)}::int[]) as id`,
  );
  return result.rows.map((row) => row.anonymousId);
}

/**
 * A signed-in customer's open basket, ready to order, written straight to the database as the guests' baskets
 * above: `quantity` of the variant, the customer's details, a UK address and the option. A customer has one
 * open basket at a time: place its order before making the next. Answers the basket's id.
 */
export async function createReadyCustomerBasket(
  db: Db,
  input: { storeId: number; customerId: number; variantId: number; quantity: number; deliveryOptionId: number },
): Promise<number> {
  const result = (await db.execute(
    sql`insert into carts (store_id, customer_id) values (${input.storeId}, ${input.customerId}) returning id`,
  )) as unknown as { rows: { id: number }[] };
  const cartId = result.rows[0]!.id;
  await db.execute(
    sql`insert into cart_lines (cart_id, variant_id, item_name, quantity) values (${cartId}, ${input.variantId}, 'item', ${input.quantity})`,
  );
  await db.execute(
    sql`insert into cart_checkouts (cart_id, email, first_name, last_name, delivery_address, delivery_zone_option_id)
        values (${cartId}, 'customer-' || ${input.customerId} || '@example.com', 'Trade', 'Buyer',
                ${JSON.stringify({ ...UK_ADDRESS, postcode: "SW1Y 4JH" })}::jsonb, ${input.deliveryOptionId})`,
  );
  return cartId;
}

/**
 * A guest's order placed through the API (`quantity` of one book, one unless given; UK standard delivery), awaiting
 * payment: its id, grand total and the guest's anonymousId.
 */
export async function placeGuestOrder(app: () => App, shop: Awaited<ReturnType<typeof createCheckoutTestShop>>, quantity = 1) {
  const cart = cartClient(app);
  const checkout = checkoutClient(app);
  const anonymousId = cartOf(await cart.add({ productVariantId: shop.variants.tiered, quantity })).anonymousId!;
  await checkout.customerInfo({ ...CUSTOMER_INFO, anonymousId });
  await checkout.deliveryAddress({ address: UK_ADDRESS, anonymousId });
  await checkout.deliveryOption({ deliveryZoneOptionId: shop.options.ukStandard, anonymousId });
  const placed = await checkout.placeOrder({ anonymousBasketId: anonymousId, termsAccepted: true });
  if (placed.statusCode !== 201) throw new Error(`placing the order answered ${placed.statusCode}: ${placed.body}`);
  const data = placed.json().data as { id: number; grandTotal: { amount: number; currencyCode: string } };
  return { id: data.id, grandTotal: data.grandTotal, anonymousId };
}

/**
 * A payment of a guest's order with `provider` (the order's grand total), and its next step taken: a gateway's
 * hosted page opened. Its public id, where the payer goes, and its status.
 */
export async function startGuestPayment(
  app: () => App,
  order: { id: number; grandTotal: { amount: number; currencyCode: string }; anonymousId: string },
  provider: string,
) {
  const checkout = checkoutClient(app);
  const created = await checkout.send(
    "POST",
    "/payments",
    {},
    {
      orderId: order.id,
      paymentProviderId: provider,
      amount: order.grandTotal.amount,
      currencyCode: order.grandTotal.currencyCode,
      anonymousId: order.anonymousId,
    },
  );
  if (created.statusCode !== 201) throw new Error(`POST /payments answered ${created.statusCode}: ${created.body}`);
  const publicId = created.json().data.publicPaymentId as string;
  const processed = await checkout.send("PUT", `/payments/${publicId}/process`, {}, { anonymousId: order.anonymousId });
  if (processed.statusCode !== 200) throw new Error(`PUT /payments/:id/process answered ${processed.statusCode}: ${processed.body}`);
  const data = processed.json().data as { redirectUrl: string | null; status: string };
  return { publicId, redirectUrl: data.redirectUrl, status: data.status };
}
