import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSignedInStaff } from "../../testing/staff-factories";
import { useTestApi } from "../../testing/test-api";
import { TEST_HEADERS } from "../../testing/test-api";
import { cartClient, cartOf, errorCodeOf } from "../cart/cart-test-catalogue";
import { productVariants } from "../catalog/catalog.tables";
import { checkoutClient, createCheckoutTestShop, CUSTOMER_INFO, UK_ADDRESS } from "../checkout/checkout-test-shop";
import { runOrdersCommand } from "./orders-command";
import { orders } from "./orders.tables";
import { pdfShownText } from "../../testing/pdf-text";

const ADMIN_KEYS = ["first-admin-key-0000", "second-admin-key-0000"];
const api = useTestApi((db) => createCheckoutTestShop(db), { adminApiKeys: ADMIN_KEYS });
const cart = cartClient(() => api.app);
const checkout = checkoutClient(() => api.app);

const asAdmin = (method: "GET" | "PUT", url: string, payload?: object, key = ADMIN_KEYS[1]!) =>
  api.app.inject({
    method,
    url,
    headers: { storekey: TEST_HEADERS.storekey, "admin-key": key },
    ...(payload ? { payload } : {}),
  });

/** A guest's placed order of 2 tiered books (by Ada Lovelace unless said); answers its id. */
async function placedOrder(buyer: Partial<typeof CUSTOMER_INFO> = {}) {
  const { variants, options } = api.seeded;
  const anonymousId = cartOf(await cart.add({ productVariantId: variants.tiered, quantity: 2 })).anonymousId!;
  await checkout.customerInfo({ ...CUSTOMER_INFO, ...buyer, anonymousId });
  await checkout.deliveryAddress({ address: UK_ADDRESS, anonymousId });
  await checkout.deliveryOption({ deliveryZoneOptionId: options.ukStandard, anonymousId });
  const placed = await checkout.placeOrder({ anonymousBasketId: anonymousId, termsAccepted: true });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().data.id as number;
}

describe("the admin API for orders", () => {
  it("names the member of staff who changed an order in its history", async () => {
    const staff = await createSignedInStaff(api.database.db, {
      storeId: api.seeded.store.id,
      email: "packer@staff.example",
      role: "fulfilment",
    });
    const orderId = await placedOrder();
    await api.database.db.update(orders).set({ status: "confirmed" }).where(eq(orders.id, orderId));
    const shipped = await api.app.inject({
      method: "PUT",
      url: `/admin/orders/${orderId}/ship`,
      headers: { storekey: TEST_HEADERS.storekey, authorization: `Bearer ${staff.token}` },
      payload: { trackingReference: "RM000000001GB" },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().data.history.at(-1)).toMatchObject({ to: "shipped", actorType: "merchant", actorLabel: "packer@staff.example" });
  });

  it("takes only an admin key: not a shopper's API-Key, not a wrong or missing key", async () => {
    expect(errorCodeOf(await api.app.inject({ method: "GET", url: "/admin/orders", headers: TEST_HEADERS }))).toBe("admin_key_missing");
    expect(errorCodeOf(await asAdmin("GET", "/admin/orders", undefined, "not-an-admin-key-000"))).toBe("admin_key_invalid");
    expect((await asAdmin("GET", "/admin/orders")).statusCode).toBe(200);
  });

  it("ships a paid order with its tracking reference, then delivers it, recording who did what", async () => {
    const orderId = await placedOrder();
    // Unpaid orders do not ship.
    expect(errorCodeOf(await asAdmin("PUT", `/admin/orders/${orderId}/ship`, { trackingReference: "RM123456789GB" }))).toBe(
      "invalid_state_transition",
    );
    // Paid, as the payment will record it (the payments part of this work).
    await api.database.db.update(orders).set({ status: "confirmed" }).where(eq(orders.id, orderId));
    const shipped = await asAdmin("PUT", `/admin/orders/${orderId}/ship`, { trackingReference: " RM123456789GB " });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().data).toMatchObject({ status: "shipped", trackingReference: "RM123456789GB" });
    // Shipping again with the same reference changes nothing; delivering twice neither.
    expect((await asAdmin("PUT", `/admin/orders/${orderId}/ship`, { trackingReference: "RM123456789GB" })).statusCode).toBe(200);
    expect((await asAdmin("PUT", `/admin/orders/${orderId}/deliver`)).json().data.status).toBe("delivered");
    const delivered = (await asAdmin("PUT", `/admin/orders/${orderId}/deliver`)).json().data;
    expect(delivered.deliveredAt).not.toBeNull();
    expect(
      delivered.history.map((entry: { from: string; to: string; actorType: string; actorLabel: string | null }) => [
        entry.from,
        entry.to,
        entry.actorType,
        entry.actorLabel,
      ]),
    ).toEqual([
      // The second admin key shipped and delivered it: the history says which.
      ["confirmed", "shipped", "merchant", "admin key 2"],
      ["shipped", "delivered", "merchant", "admin key 2"],
    ]);
    // A delivered order cannot be cancelled.
    expect(errorCodeOf(await asAdmin("PUT", `/admin/orders/${orderId}/cancel`, { reason: "changed mind" }))).toBe(
      "invalid_state_transition",
    );
  });

  it("marks shipped orders delivered in one call, each on its own, naming those refused, and audits each change", async () => {
    const shipped = async () => {
      const orderId = await placedOrder();
      await api.database.db.update(orders).set({ status: "confirmed" }).where(eq(orders.id, orderId));
      expect((await asAdmin("PUT", `/admin/orders/${orderId}/ship`, { trackingReference: "RM123456789GB" })).statusCode).toBe(200);
      return orderId;
    };
    const [first, second] = [await shipped(), await shipped()];
    const unpaid = await placedOrder();
    const bulk = (body: object) =>
      api.app.inject({
        method: "POST",
        url: "/admin/orders/bulk",
        headers: { storekey: TEST_HEADERS.storekey, "admin-key": ADMIN_KEYS[1]! },
        payload: body,
      });
    const answer = await bulk({ action: "deliver", orderIds: [first, unpaid, 2_147_483_000, second] });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.results).toEqual([
      { orderId: first, ok: true },
      { orderId: unpaid, ok: false, errors: [expect.objectContaining({ code: "invalid_state_transition" })] },
      { orderId: 2_147_483_000, ok: false, errors: [expect.objectContaining({ code: "order_not_found" })] },
      { orderId: second, ok: true },
    ]);
    const statusOf = async (id: number) => (await asAdmin("GET", `/admin/orders/${id}`)).json().data.status;
    expect([await statusOf(first), await statusOf(unpaid), await statusOf(second)]).toEqual(["delivered", "awaiting_payment", "delivered"]);
    // Again: done, nothing changes, nothing more is audited.
    expect((await bulk({ action: "deliver", orderIds: [first] })).json().data.results).toEqual([{ orderId: first, ok: true }]);
    const audit = (await asAdmin("GET", "/admin/audit-log?operation=bulkAdminOrders&limit=100")).json().data.entries;
    expect(audit.map((entry: { resourceId: string }) => Number(entry.resourceId)).sort((a: number, b: number) => a - b)).toEqual(
      [first, second].sort((a, b) => a - b),
    );
    expect(audit[0].changes).toEqual({ status: { before: "shipped", after: "delivered" } });
    // No orders, more than 200, one twice, an action it does not know: 400 before any order is touched.
    for (const body of [
      { action: "deliver", orderIds: [] },
      { action: "deliver", orderIds: Array.from({ length: 201 }, (_, index) => index + 1) },
      { action: "deliver", orderIds: [first, first] },
      { action: "cancel", orderIds: [unpaid] },
    ]) {
      expect((await bulk(body)).statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect(await statusOf(unpaid)).toBe("awaiting_payment");
  });

  it("cancels an unpaid order and gives its stock back; lists orders by status", async () => {
    const { variants } = api.seeded;
    const orderId = await placedOrder();
    const stock = async () =>
      (
        await api.database.db
          .select({ stock: productVariants.stockQuantity })
          .from(productVariants)
          .where(eq(productVariants.id, variants.tiered))
      )[0]!.stock;
    const before = await stock();
    const cancelled = (await asAdmin("PUT", `/admin/orders/${orderId}/cancel`, { reason: "customer phoned" })).json().data;
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.history.at(-1)).toMatchObject({ actorType: "merchant", reason: "cancelled by the shop: customer phoned" });
    expect(await stock()).toBe(before + 2);
    const listed = (await asAdmin("GET", "/admin/orders?status=cancelled")).json().data;
    expect(listed.orders.map((order: { id: number }) => order.id)).toContain(orderId);
    expect(listed.orders.every((order: { status: string }) => order.status === "cancelled")).toBe(true);
    expect((await asAdmin("GET", "/admin/orders/999999")).statusCode).toBe(404);
  });

  it("finds orders by number, email or name and by when they were placed, in keyset pages", async () => {
    const grace = await placedOrder({ email: "grace.hopper@navy.example", firstName: "Grace", lastName: "Hopper" });
    const other = await placedOrder({ email: "someone@else.example", firstName: "Alan", lastName: "Turing" });
    const [graceRow] = await api.database.db
      .select({ publicId: orders.publicId, placedAt: orders.placedAt })
      .from(orders)
      .where(eq(orders.id, grace));
    const found = async (query: string) =>
      ((await asAdmin("GET", `/admin/orders?${query}`)).json().data.orders as { id: number }[]).map((order) => order.id);

    expect(await found(`search=${graceRow!.publicId.toLowerCase()}`)).toEqual([grace]);
    expect(await found("search=NAVY.example")).toEqual([grace]);
    expect(await found("search=grace%20hop")).toEqual([grace]);
    expect(await found("search=%25")).toEqual([]);
    const placedAt = graceRow!.placedAt.getTime();
    const window = `placedFrom=${new Date(placedAt).toISOString()}&placedTo=${new Date(placedAt + 1).toISOString()}`;
    expect(await found(`${window}&search=hopper`)).toEqual([grace]);
    expect(await found(`placedTo=${new Date(placedAt).toISOString()}&search=hopper`)).toEqual([]);

    const first = (await asAdmin("GET", "/admin/orders?limit=1")).json().data;
    expect(first.orders.map((order: { id: number }) => order.id)).toEqual([other]);
    const next = (await asAdmin("GET", `/admin/orders?limit=1&before=${first.nextBefore}`)).json().data;
    expect(next.orders.map((order: { id: number }) => order.id)).toEqual([grace]);
    expect((await asAdmin("GET", "/admin/orders?PageNumber=2")).statusCode).toBe(400);
  });

  it("lists the orders oldest first, paging on with after, and refuses a page key of the other order", async () => {
    const placed = [await placedOrder(), await placedOrder(), await placedOrder()];
    const ids = async (query: string) => {
      const answer = await asAdmin("GET", `/admin/orders?${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().data as { orders: { id: number }[]; nextBefore: number | null; nextAfter: number | null };
    };
    const all = (await ids("sort=oldest&limit=100")).orders.map((order) => order.id);
    expect(all).toEqual([...all].sort((a, b) => a - b));
    expect(all.slice(-3)).toEqual(placed);

    // Walked two at a time from the oldest, every order comes once, in order.
    const walked: number[] = [];
    let page = await ids("sort=oldest&limit=2");
    walked.push(...page.orders.map((order) => order.id));
    while (page.nextAfter !== null) {
      expect(page.nextBefore).toBeNull();
      page = await ids(`sort=oldest&limit=2&after=${page.nextAfter}`);
      walked.push(...page.orders.map((order) => order.id));
    }
    expect(walked).toEqual(all);
    expect((await ids("limit=1")).nextAfter).toBeNull();

    for (const [query, field] of [
      ["sort=oldest&before=5", "querystring.before"],
      ["after=5", "querystring.after"],
      ["sort=newest&after=5", "querystring.after"],
    ] as const) {
      const refused = await asAdmin("GET", `/admin/orders?${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().errors[0]).toMatchObject({ code: "conflicting_parameters", field });
    }
    expect((await asAdmin("GET", "/admin/orders?sort=cheapest")).statusCode).toBe(400);
  });

  it("exports the orders the filters find as CSV, a buyer's formula written as text", async () => {
    const order = await placedOrder({ email: "formula@buyer.example", firstName: "=HYPERLINK(1)", lastName: "Smith, Jr" });
    const [row] = await api.database.db.select({ publicId: orders.publicId }).from(orders).where(eq(orders.id, order));
    const exported = await asAdmin("GET", "/admin/orders/export?search=formula%40buyer");
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(exported.headers["content-disposition"]).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = exported.body.trimEnd().split("\n");
    expect(lines[0]).toBe("order,placed_at,status,email,customer,items,currency,subtotal,discount,delivery,tax,total");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      new RegExp(`^${row!.publicId},[^,]+,awaiting_payment,formula@buyer.example,"'=HYPERLINK\\(1\\) Smith, Jr",2,GBP,`),
    );
  });

  it("prints an order's packing slip: its number, date, delivery address and each line's SKU and quantity, no prices", async () => {
    const orderId = await placedOrder({ firstName: "Ada", lastName: "Lovelace" });
    const order = (await asAdmin("GET", `/admin/orders/${orderId}`)).json().data;
    const slip = await asAdmin("GET", `/admin/orders/${orderId}/packing-slip`);
    expect(slip.statusCode, slip.body.slice(0, 300)).toBe(200);
    expect(slip.headers["content-type"]).toBe("application/pdf");
    expect(slip.headers["content-disposition"]).toBe(`attachment; filename="packing-slip-${order.publicId}.pdf"`);
    const text = pdfShownText(slip.rawPayload);
    expect(text).toContain(`Order ${order.publicId}`);
    expect(text).toContain("Packing slip");
    expect(text).toContain("Ada Lovelace");
    for (const item of order.items as { sku: string; quantity: number }[]) expect(text).toContain(`SKU ${item.sku}`);
    expect(text).toContain(order.deliveryAddress.formattedAddress.split(", ")[0]);
    // No prices: neither the total nor any line's amount.
    expect(text).not.toMatch(/£/);
    expect(text).not.toContain("Total");
    expect((await asAdmin("GET", "/admin/orders/999999/packing-slip")).statusCode).toBe(404);
  });

  it("answers the merchant's command line the same way, by order number", async () => {
    const orderId = await placedOrder();
    const [row] = await api.database.db.select({ publicId: orders.publicId }).from(orders).where(eq(orders.id, orderId));
    const storeKey = api.seeded.store.key;
    const listed = await runOrdersCommand(api.database.db, { name: "list", storeKey, status: "awaiting_payment" });
    expect(listed.some((line) => line.startsWith(`${row!.publicId}  `))).toBe(true);
    const cancelled = await runOrdersCommand(api.database.db, { name: "cancel", storeKey, publicId: row!.publicId, reason: "test" });
    expect(cancelled[0]).toBe(`${row!.publicId}: cancelled`);
    expect(cancelled.at(-1)).toMatch(/awaiting_payment → cancelled: cancelled by the shop: test$/);
    await expect(runOrdersCommand(api.database.db, { name: "show", storeKey, publicId: "QB-999999" })).rejects.toThrow(
      `Store "${storeKey}" has no order QB-999999`,
    );
  });
});
