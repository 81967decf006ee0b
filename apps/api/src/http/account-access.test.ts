import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer, createSession } from "../testing/identity-factories";
import { TEST_HEADERS, useTestApi } from "../testing/test-api";
import { cartClient } from "../modules/cart/cart-test-catalogue";
import { checkoutClient, createCheckoutTestShop, UK_ADDRESS } from "../modules/checkout/checkout-test-shop";
import { findOrCreateCompany } from "../modules/identity/identity.repository";
import { orderLines } from "../modules/orders/orders.tables";
import { customerCredits } from "../modules/payments/payments.tables";

// The account's access matrix (issue 10, section 5): every account resource of one trade customer, tried by
// another customer, another company's trade buyer and an anonymous caller. Each answer is a 401, 403 or 404,
// or the caller's own (empty) data, and never carries anything of the owner's.
const ADMIN_KEY = "account-access-admin-key";
const api = useTestApi((db) => createCheckoutTestShop(db, { minimumOrderPrices: {} }), { adminApiKeys: [ADMIN_KEY] });
const cart = cartClient(() => api.app);
const checkout = checkoutClient(() => api.app);

/** Strings only the owner's resources hold: none may appear in an intruder's answer. */
const OWNER = {
  email: "owner.of.everything@example.com",
  line1: "7 Owner's Private Lane",
  companyLine1: "1 Owner Company Yard",
  comment: "Owner's private return comment",
  companyName: "Owner Holdings Ltd",
};

type Method = "GET" | "POST" | "PUT" | "DELETE";
const send = (method: Method, url: string, authorization?: string, payload?: object) =>
  api.app.inject({
    method,
    url,
    headers: { ...TEST_HEADERS, ...(authorization ? { authorization } : {}) },
    ...(payload ? { payload } : {}),
  });
const asAdmin = (url: string, payload?: object) =>
  api.app.inject({
    method: "PUT",
    url,
    headers: { storekey: TEST_HEADERS.storekey, "admin-key": ADMIN_KEY },
    ...(payload ? { payload } : {}),
  });

async function signedIn(email: string, extra: { companyName?: string } = {}) {
  const companyId = extra.companyName ? await findOrCreateCompany(api.database.db, api.seeded.store.id, extra.companyName) : null;
  const customer = await createCustomer(api.database.db, {
    storeId: api.seeded.store.id,
    email,
    firstName: "Owner",
    ...(extra.companyName ? { isTrade: true, companyName: extra.companyName, companyId } : {}),
  });
  return { id: customer.id, authorization: (await createSession(api.database.db, customer.id)).authorization };
}

/** The owner: a trade buyer with credit, an address, a company address, a delivered order and a return of it. */
async function owner() {
  const { id, authorization } = await signedIn(OWNER.email, { companyName: OWNER.companyName });
  await api.database.db.insert(customerCredits).values({ customerId: id, currencyCode: "GBP", limitAmount: 100_000 });
  const address = (await send("POST", "/customers/addresses", authorization, { address: { ...UK_ADDRESS, line1: OWNER.line1 } })).json()
    .data;
  await send("POST", "/customers/companies/address", authorization, { address: { ...UK_ADDRESS, line1: OWNER.companyLine1 } });
  const caller = { authorization };
  await cart.add({ productVariantId: api.seeded.variants.tiered, quantity: 2 }, caller);
  await checkout.customerInfo({ email: OWNER.email, firstName: "Owner", lastName: "Person" }, caller);
  await checkout.deliveryAddress({ address: { ...UK_ADDRESS, line1: OWNER.line1 } }, caller);
  await checkout.deliveryOption({ deliveryZoneOptionId: api.seeded.options.ukStandard }, caller);
  const order = (await checkout.placeOrder({ termsAccepted: true }, caller)).json().data as {
    id: number;
    publicId: string;
    grandTotal: { amount: number };
  };
  const paid = await checkout.send("POST", "/payments", caller, {
    orderId: order.id,
    paymentProviderId: "on-account",
    amount: order.grandTotal.amount,
    currencyCode: "GBP",
  });
  expect(paid.statusCode, paid.body).toBe(201);
  expect((await asAdmin(`/admin/orders/${order.id}/ship`, { trackingReference: "RM000000001GB" })).statusCode).toBe(200);
  expect((await asAdmin(`/admin/orders/${order.id}/deliver`)).statusCode).toBe(200);
  const [line] = await api.database.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  const created = await send("POST", "/order-returns", authorization, {
    orderId: order.id,
    lines: [{ orderLineId: line!.id, quantity: 1 }],
    reason: "damaged",
    resolution: "refund",
    comment: OWNER.comment,
  });
  expect(created.statusCode, created.body).toBe(201);
  return {
    authorization,
    addressId: address.id as number,
    order,
    line: line!,
    returned: created.json().data as { id: number; publicId: string },
  };
}

describe("the account's resources", () => {
  it("answer another customer, another company's buyer and an anonymous caller with none of the owner's data", async () => {
    const owned = await owner();
    const secrets = [OWNER.email, OWNER.line1, OWNER.companyLine1, OWNER.comment, owned.order.publicId, owned.returned.publicId];
    const intruders = {
      "another customer": (await signedIn("another.customer@example.com")).authorization,
      "another company's buyer": (await signedIn("rival.buyer@example.com", { companyName: "Rival Books plc" })).authorization,
      anonymous: undefined,
    };
    const calls: [Method, string, object?][] = [
      ["GET", "/customers/addresses"],
      ["PUT", `/customers/addresses/${owned.addressId}`, { address: UK_ADDRESS }],
      ["DELETE", `/customers/addresses/${owned.addressId}`],
      ["PUT", `/customers/addresses/${owned.addressId}/default`, { kinds: ["delivery"] }],
      ["GET", "/customers/companies/addresses"],
      ["GET", "/orders"],
      ["GET", `/orders/${owned.order.id}`],
      ["GET", `/orders/${owned.order.id}/summary`],
      ["GET", `/orders/${owned.order.id}/proforma-invoice`],
      ["PUT", `/orders/${owned.order.id}/cancel`],
      ["PUT", `/baskets/orders/${owned.order.id}/merge`],
      ["GET", "/order-returns"],
      ["GET", `/order-returns?orderId=${owned.order.id}`],
      ["GET", `/order-returns/${owned.returned.id}`],
      [
        "POST",
        "/order-returns",
        { orderId: owned.order.id, lines: [{ orderLineId: owned.line.id, quantity: 1 }], reason: "damaged", resolution: "refund" },
      ],
      ["GET", "/customers/credits"],
      ["GET", "/customers/current/settings"],
    ];
    for (const [who, authorization] of Object.entries(intruders)) {
      for (const [method, url, body] of calls) {
        const response = await send(method, url, authorization, body);
        const label = `${who}: ${method} ${url} → ${response.statusCode}`;
        for (const secret of secrets) expect(response.body, label).not.toContain(secret);
        if (!authorization) {
          // Sign in first (401); an order's own calls also serve guests by the basket's anonymousId, so without one: 404.
          expect([401, 404], label).toContain(response.statusCode);
          continue;
        }
        // A call on one of the owner's resources by id is not found; a list or "mine" call answers the caller's own.
        const byId = /\/\d+/.test(url) || method === "POST";
        if (byId) expect([403, 404], label).toContain(response.statusCode);
        else expect([200, 403], label).toContain(response.statusCode);
      }
    }

    // Nothing of the owner's changed.
    const book = (await send("GET", "/customers/addresses", owned.authorization)).json().data.addresses;
    expect(book.map((address: { line1: string }) => address.line1)).toEqual([OWNER.line1]);
  });
});
