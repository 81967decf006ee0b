import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct, createProductType, createStore } from "../../testing/factories";
import { createSignedInStaff } from "../../testing/staff-factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { drainJobs } from "../../testing/test-jobs";
import { backInStockSubscriptions } from "../back-in-stock/back-in-stock.tables";
import { outboxMessages } from "../mail/mail.tables";

const ADMIN_KEY = "stock-test-admin-key-0000";
const api = useTestApi(
  async (db) => {
    const store = await createStore(db);
    const other = await createStore(db, { key: "other-store", name: "Other" });
    const type = await createProductType(db, { storeId: store.id, code: "book", name: "Book" });
    const otherType = await createProductType(db, { storeId: other.id, code: "book", name: "Book" });
    const foreign = await createProduct(db, {
      storeId: other.id,
      productTypeId: otherType.id,
      slug: "foreign",
      name: "Foreign",
      variants: [{ sku: "FOREIGN", name: "Hardback", stockQuantity: 1, prices: { GBP: { amount: 100 } } }],
    });
    const packer = await createSignedInStaff(db, { storeId: store.id, email: "packer@staff.example", role: "fulfilment" });
    const writer = await createSignedInStaff(db, { storeId: store.id, email: "writer@staff.example", role: "content" });
    return { store, type, foreign: foreign.variants[0]!.id, packer, writer };
  },
  { adminApiKeys: [ADMIN_KEY] },
);

type Method = "GET" | "POST" | "PUT";
const asPacker = (method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
  api.app.inject({
    method,
    url,
    headers: { storekey: TEST_HEADERS.storekey, authorization: `Bearer ${api.seeded.packer.token}`, ...headers },
    ...(payload ? { payload } : {}),
  });
const codeOf = (response: { json(): unknown }) => (response.json() as { errors?: { code: string }[] }).errors?.[0]?.code;

let count = 0;
async function book(stockQuantity: number) {
  count += 1;
  const product = await createProduct(api.database.db, {
    storeId: api.seeded.store.id,
    productTypeId: api.seeded.type.id,
    slug: `counted-${count}`,
    name: `Counted ${count}`,
    variants: [{ sku: `CT-${count}`, name: "Hardback", stockQuantity, prices: { GBP: { amount: 900 } } }],
  });
  return product.variants[0]!.id;
}
const history = async (variantId: number) => (await asPacker("GET", `/admin/variants/${variantId}/stock-movements`)).json().data;

describe("the merchant's stock", () => {
  it("sets a count with its reason, keeps the history with who did it, and audits it", async () => {
    const variantId = await book(4);
    const set = await asPacker("PUT", `/admin/variants/${variantId}/stock`, { quantity: 10, reason: "count", note: "Stock-take, aisle 3" });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ variantId, stockQuantity: 10, sku: `CT-${count}`, low: false, lowStockThreshold: null });

    expect((await history(variantId)).movements).toEqual([
      expect.objectContaining({
        delta: 6,
        quantityAfter: 10,
        reason: "count",
        note: "Stock-take, aisle 3",
        actor: { type: "staff", id: api.seeded.packer.staff.id, label: "packer@staff.example" },
      }),
    ]);
    const log = await api.app.inject({
      method: "GET",
      url: `/admin/audit-log?resourceType=variant&resourceId=${variantId}`,
      headers: { storekey: TEST_HEADERS.storekey, "admin-key": ADMIN_KEY },
    });
    expect(log.json().data.entries).toEqual([
      expect.objectContaining({ operation: "setAdminVariantStock", changes: { stockQuantity: { before: 4, after: 10 } } }),
    ]);
  });

  it("adjusts by a delta once per Idempotency-Key, and never below zero", async () => {
    const variantId = await book(5);
    const key = { "idempotency-key": `adjust-${variantId}-0123456789` };
    const first = await asPacker("POST", `/admin/variants/${variantId}/stock-adjustments`, { delta: -2, reason: "damaged" }, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await asPacker("POST", `/admin/variants/${variantId}/stock-adjustments`, { delta: -2, reason: "damaged" }, key);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect(first.json().data.stockQuantity).toBe(3);

    const tooMany = await asPacker("POST", `/admin/variants/${variantId}/stock-adjustments`, { delta: -4, reason: "lost" });
    expect(tooMany.statusCode).toBe(409);
    expect(codeOf(tooMany)).toBe("insufficient_stock");
    expect((await history(variantId)).movements.map((movement: { delta: number }) => movement.delta)).toEqual([-2]);
    expect((await asPacker("POST", `/admin/variants/${variantId}/stock-adjustments`, { delta: 0, reason: "lost" })).statusCode).toBe(400);
  });

  it("applies concurrent adjustments one after the other: exactly the units there are go", async () => {
    const variantId = await book(5);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        asPacker("POST", `/admin/variants/${variantId}/stock-adjustments`, { delta: -1, reason: "correction" }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((answer) => codeOf(answer) === "insufficient_stock")).toHaveLength(5);
    const movements = (await history(variantId)).movements as { quantityAfter: number }[];
    expect(movements.map((movement) => movement.quantityAfter)).toEqual([0, 1, 2, 3, 4]);
  });

  it("mails confirmed back-in-stock subscribers when a count brings units back", async () => {
    const variantId = await book(0);
    await api.database.db
      .insert(backInStockSubscriptions)
      .values({ storeId: api.seeded.store.id, variantId, email: "waiting@reader.example", confirmedAt: new Date() });
    expect((await asPacker("PUT", `/admin/variants/${variantId}/stock`, { quantity: 3, reason: "received" })).statusCode).toBe(200);
    await drainJobs(api.database.db, { only: ["back-in-stock-notify"] });
    const mails = await api.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, "waiting@reader.example"));
    expect(mails).toHaveLength(1);
  });

  it("lists what is low on stock, by each variant's threshold or the store's setting", async () => {
    // The test store keeps the default setting of 5.
    const low = await book(5);
    const plenty = await book(20);
    const lowIds = async () =>
      ((await asPacker("GET", "/admin/stock/low?limit=100")).json().data.variants as { variantId: number }[]).map(
        (variant) => variant.variantId,
      );
    expect(await lowIds()).toContain(low);
    expect(await lowIds()).not.toContain(plenty);

    const raised = await asPacker("PUT", `/admin/variants/${plenty}/low-stock-threshold`, { threshold: 25 });
    expect(raised.json().data).toMatchObject({ lowStockThreshold: 25, low: true });
    expect(await lowIds()).toContain(plenty);
    await asPacker("PUT", `/admin/variants/${plenty}/low-stock-threshold`, { threshold: null });
    expect(await lowIds()).not.toContain(plenty);

    const first = (await asPacker("GET", "/admin/stock/low?limit=1")).json().data;
    expect(first.variants).toHaveLength(1);
    const next = (await asPacker("GET", `/admin/stock/low?limit=1&before=${first.nextBefore}`)).json().data;
    expect(next.variants[0].variantId).toBeLessThan(first.variants[0].variantId);
  });

  it("is the stock permission's, in the caller's own store", async () => {
    const variantId = await book(1);
    expect(codeOf(await asPacker("GET", `/admin/variants/${api.seeded.foreign}/stock`))).toBe("variant_not_found");
    expect(codeOf(await asPacker("PUT", `/admin/variants/${api.seeded.foreign}/stock`, { quantity: 9, reason: "count" }))).toBe(
      "variant_not_found",
    );
    const writer = await api.app.inject({
      method: "PUT",
      url: `/admin/variants/${variantId}/stock`,
      headers: { storekey: TEST_HEADERS.storekey, authorization: `Bearer ${api.seeded.writer.token}` },
      payload: { quantity: 9, reason: "count" },
    });
    expect(codeOf(writer)).toBe("permission_denied");
    expect((await asPacker("PUT", `/admin/variants/${variantId}/stock`, { quantity: -1, reason: "count" })).statusCode).toBe(400);
    expect((await asPacker("PUT", `/admin/variants/${variantId}/stock`, { quantity: 1, reason: "order" })).statusCode).toBe(400);
  });
});
