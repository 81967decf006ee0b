import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSignedInStaff } from "../../testing/staff-factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { cartClient, cartOf, errorCodeOf } from "../cart/cart-test-catalogue";
import { checkoutClient, createCheckoutTestShop, CUSTOMER_INFO, summaryOf, UK_ADDRESS } from "./checkout-test-shop";
import { auditLog } from "../audit/audit.tables";
import { discountCodes } from "./checkout.tables";
import { walkSortedPages } from "../../testing/sorted-pages";

const api = useTestApi(async (db) => {
  const shop = await createCheckoutTestShop(db);
  const manager = await createSignedInStaff(db, { storeId: shop.store.id, email: "manager@staff.example", role: "manager" });
  const packer = await createSignedInStaff(db, { storeId: shop.store.id, email: "packer@staff.example", role: "fulfilment" });
  return { ...shop, manager, packer };
});
const cart = cartClient(() => api.app);
const checkout = checkoutClient(() => api.app);

type Method = "GET" | "POST" | "PUT";
const as = (token: string, method: Method, url: string, payload?: object) =>
  api.app.inject({
    method,
    url,
    headers: { storekey: TEST_HEADERS.storekey, authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
const asManager = (method: Method, url: string, payload?: object) => as(api.seeded.manager.token, method, url, payload);

/** A guest's basket of three hardbacks (£30) with a UK address: what a code is tried on. */
async function basket() {
  const anonymousId = cartOf(await cart.add({ productVariantId: api.seeded.variants.plainHardback, quantity: 3 })).anonymousId!;
  await checkout.deliveryAddress({ address: UK_ADDRESS, anonymousId });
  return anonymousId;
}

describe("the merchant's discount codes", () => {
  it("creates a code the checkout honours at once, and stops it when it is deactivated", async () => {
    const created = await asManager("POST", "/admin/discount-codes", { code: " spring-sale ", kind: "percentage", percentOff: 12.5 });
    expect(created.statusCode, created.body).toBe(201);
    const code = created.json().data;
    expect(code).toMatchObject({ code: "SPRING-SALE", kind: "percentage", percentOff: 12.5, timesUsed: 0, isActive: true, amountOff: {} });

    const anonymousId = await basket();
    const applied = summaryOf(await checkout.applyCode({ discountCode: "spring-sale", anonymousId }));
    expect(applied.basketDetails.discountCodes).toEqual([
      { code: "SPRING-SALE", kind: "percentage", amount: { amount: 375, currencyCode: "GBP" } },
    ]);

    const off = await asManager("PUT", `/admin/discount-codes/${code.id}`, { isActive: false });
    expect(off.json().data.isActive).toBe(false);
    expect(errorCodeOf(await checkout.applyCode({ discountCode: "SPRING-SALE", anonymousId: await basket() }))).toBe(
      "discount_code_invalid",
    );
  });

  it("keeps a fixed amount and a minimum spend per currency, and dates", async () => {
    const created = await asManager("POST", "/admin/discount-codes", {
      code: "FIVER",
      kind: "fixed_amount",
      amountOff: { GBP: 500 },
      minimumSpend: { GBP: 4000 },
      startsAt: "2026-01-01T00:00:00Z",
      endsAt: "2099-01-01T00:00:00Z",
      usageLimit: 100,
      perCustomerLimit: 1,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      amountOff: { GBP: 500 },
      minimumSpend: { GBP: 4000 },
      usageLimit: 100,
      perCustomerLimit: 1,
    });
    // £30 in the basket is below the £40 minimum.
    expect(errorCodeOf(await checkout.applyCode({ discountCode: "FIVER", anonymousId: await basket() }))).toBe(
      "discount_code_minimum_not_met",
    );
    const lowered = await asManager("PUT", `/admin/discount-codes/${created.json().data.id}`, { minimumSpend: { GBP: 2000 } });
    expect(lowered.json().data).toMatchObject({ amountOff: { GBP: 500 }, minimumSpend: { GBP: 2000 } });
    const applied = summaryOf(await checkout.applyCode({ discountCode: "FIVER", anonymousId: await basket() }));
    expect(applied.basketDetails.cartAndCodeDiscount.amount).toBe(500);
  });

  it("refuses rules that do not fit the code's kind, foreign currencies, taken codes, and a limit below the uses", async () => {
    const refused = async (method: Method, url: string, body: object) => {
      const answer = await asManager(method, url, body);
      return [answer.statusCode, errorCodeOf(answer)];
    };
    expect((await refused("POST", "/admin/discount-codes", { code: "NOPERCENT", kind: "percentage" }))[0]).toBe(400);
    expect((await refused("POST", "/admin/discount-codes", { code: "NOAMOUNT", kind: "fixed_amount" }))[0]).toBe(400);
    expect((await refused("POST", "/admin/discount-codes", { code: "BOTH", kind: "free_delivery", percentOff: 5 }))[0]).toBe(400);
    expect(await refused("POST", "/admin/discount-codes", { code: "YEN", kind: "fixed_amount", amountOff: { JPY: 100 } })).toEqual([
      400,
      "currency_not_supported",
    ]);
    expect(
      (
        await refused("POST", "/admin/discount-codes", {
          code: "BACKWARDS",
          kind: "free_delivery",
          startsAt: "2030-01-01T00:00:00Z",
          endsAt: "2029-01-01T00:00:00Z",
        })
      )[0],
    ).toBe(400);

    const post = (await asManager("POST", "/admin/discount-codes", { code: "POSTFREE", kind: "free_delivery" })).json().data;
    expect(await refused("POST", "/admin/discount-codes", { code: "postfree", kind: "free_delivery" })).toEqual([
      409,
      "discount_code_taken",
    ]);
    expect(await refused("PUT", `/admin/discount-codes/${post.id}`, { percentOff: 10 })).toEqual([400, "discount_rule_not_for_kind"]);

    await api.database.db.update(discountCodes).set({ timesUsed: 3 }).where(eq(discountCodes.id, post.id));
    expect(await refused("PUT", `/admin/discount-codes/${post.id}`, { usageLimit: 2 })).toEqual([409, "discount_limit_below_uses"]);
    expect((await asManager("PUT", `/admin/discount-codes/${post.id}`, { usageLimit: 3 })).json().data).toMatchObject({
      usageLimit: 3,
      timesUsed: 3,
    });
    expect(await refused("PUT", "/admin/discount-codes/2147483647", { isActive: false })).toEqual([404, "discount_code_not_found"]);
  });

  it("lists codes in keyset pages, found by part of the code, and audits each change", async () => {
    const a = (await asManager("POST", "/admin/discount-codes", { code: "LISTED-A", kind: "free_delivery" })).json().data;
    const b = (await asManager("POST", "/admin/discount-codes", { code: "LISTED-B", kind: "free_delivery" })).json().data;
    const first = (await asManager("GET", "/admin/discount-codes?search=listed&limit=1")).json().data;
    expect(first.discountCodes.map((code: { id: number }) => code.id)).toEqual([b.id]);
    const next = (await asManager("GET", `/admin/discount-codes?search=listed&limit=1&before=${first.nextBefore}`)).json().data;
    expect(next.discountCodes.map((code: { id: number }) => code.id)).toEqual([a.id]);
    expect(next.nextBefore).toBeNull();

    await asManager("PUT", `/admin/discount-codes/${a.id}`, { description: "Summer" });
    const rows = await api.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.resourceId, String(a.id)));
    expect(rows.map((row) => [row.operation, row.changes?.description])).toContainEqual([
      "updateAdminDiscountCode",
      { before: "", after: "Summer" },
    ]);
  });

  it("lists codes oldest first and by code, walking keyset pages with the key each answer gives", async () => {
    const make = async (code: string) => (await asManager("POST", "/admin/discount-codes", { code, kind: "free_delivery" })).json().data;
    const [mid, first, last, second] = [await make("SORTED-M"), await make("SORTED-A"), await make("SORTED-Z"), await make("SORTED-B")];
    const walk = (sort: string) =>
      walkSortedPages((url) => asManager("GET", url), `/admin/discount-codes?search=sorted-&sort=${sort}&limit=3`, "discountCodes");
    expect(await walk("oldest")).toEqual([mid.id, first.id, last.id, second.id]);
    expect(await walk("code")).toEqual([first.id, second.id, mid.id, last.id]);
    // A key of another order, or a text longer than a code, is refused naming the parameter.
    for (const [query, field] of [
      [`sort=code&before=${mid.id}`, "querystring.before"],
      [`after=${mid.id}`, "querystring.after"],
      [`sort=code&after=${mid.id}`, "querystring.after"],
      [`sort=oldest&after=${mid.id}:SORTED-M`, "querystring.after"],
      [`sort=code&after=${mid.id}:${"X".repeat(51)}`, "querystring.after"],
    ] as const) {
      const answer = await asManager("GET", `/admin/discount-codes?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().errors[0], query).toMatchObject({ field });
    }
  });

  it("lists the orders that used a code, newest first, with what it took off each, in keyset pages", async () => {
    const code = (await asManager("POST", "/admin/discount-codes", { code: "USED-TWICE", kind: "percentage", percentOff: 10 })).json().data;
    const placed: number[] = [];
    for (const email of ["first@buyer.example", "second@buyer.example"]) {
      const anonymousId = await basket();
      await checkout.customerInfo({ ...CUSTOMER_INFO, email, anonymousId });
      await checkout.deliveryOption({ deliveryZoneOptionId: api.seeded.options.ukStandard, anonymousId });
      await checkout.applyCode({ discountCode: "used-twice", anonymousId });
      const order = await checkout.placeOrder({ anonymousBasketId: anonymousId, termsAccepted: true });
      expect(order.statusCode, order.body).toBe(201);
      placed.push(order.json().data.id);
    }
    const first = await asManager("GET", `/admin/discount-codes/${code.id}/uses?limit=1`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.uses).toEqual([
      expect.objectContaining({
        orderId: placed[1],
        email: "second@buyer.example",
        customerId: null,
        currencyCode: "GBP",
        discountAmount: 300,
      }),
    ]);
    expect(first.json().data.uses[0].orderNumber).toMatch(/^[A-Z]+-\d+$/);
    const next = (await asManager("GET", `/admin/discount-codes/${code.id}/uses?limit=1&before=${first.json().data.nextBefore}`)).json()
      .data;
    expect(next.uses.map((use: { orderId: number }) => use.orderId)).toEqual([placed[0]]);
    expect(next.nextBefore).toBeNull();

    const missing = await asManager("GET", "/admin/discount-codes/2147483647/uses");
    expect([missing.statusCode, errorCodeOf(missing)]).toEqual([404, "discount_code_not_found"]);
    const refused = await as(api.seeded.packer.token, "GET", `/admin/discount-codes/${code.id}/uses`);
    expect(refused.statusCode).toBe(403);
  });

  it("creates a code once for a repeated Idempotency-Key, with one audit entry: the repeat is answered, not written", async () => {
    const send = () =>
      api.app.inject({
        method: "POST",
        url: "/admin/discount-codes",
        headers: {
          storekey: TEST_HEADERS.storekey,
          authorization: `Bearer ${api.seeded.manager.token}`,
          "idempotency-key": "once-only-code-0001",
        },
        payload: { code: "ONCE-ONLY", kind: "free_delivery" },
      });
    const first = await send();
    const repeat = await send();
    expect([first.statusCode, repeat.statusCode]).toEqual([201, 201]);
    expect(repeat.headers["idempotent-replayed"]).toBe("true");
    expect(repeat.json().data.id).toBe(first.json().data.id);
    const entries = await api.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.resourceId, String(first.json().data.id)));
    expect(entries.filter((entry) => entry.operation === "createAdminDiscountCode")).toHaveLength(1);
  });

  it("is the discounts permission's", async () => {
    const answer = await as(api.seeded.packer.token, "POST", "/admin/discount-codes", { code: "PACKED", kind: "free_delivery" });
    expect([answer.statusCode, errorCodeOf(answer)]).toEqual([403, "permission_denied"]);
  });
});
