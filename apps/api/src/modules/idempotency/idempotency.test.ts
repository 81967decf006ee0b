import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { createSession } from "../../testing/identity-factories";
import { TEST_API_KEY, TEST_HEADERS, TEST_TOKEN_SECRET, useTestApi } from "../../testing/test-api";
import { cartOf, createCartTestShop } from "../cart/cart-test-catalogue";
import { carts } from "../cart/cart.tables";
import { IDEMPOTENCY_TTL_SECONDS } from "./idempotency";
import { idempotencyKeys } from "./idempotency.tables";

// Idempotency-Key on PUT /baskets (the first route that opts in), on real PostgreSQL: replays, refusals,
// concurrent retries, leases and expiry (decision 018).

const api = useTestApi((db) => createCartTestShop(db));

function add(body: Record<string, unknown>, options: { key?: string; authorization?: string; remoteAddress?: string } = {}) {
  return api.app.inject({
    method: "PUT",
    url: "/baskets",
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    headers: {
      ...TEST_HEADERS,
      ...(options.key === undefined ? {} : { "idempotency-key": options.key }),
      ...(options.authorization ? { authorization: options.authorization } : {}),
    },
    payload: body,
  });
}
const getGuestCart = async (anonymousId: string) =>
  cartOf(await api.app.inject({ url: `/baskets?anonymousId=${anonymousId}`, headers: TEST_HEADERS }));
const newKey = () => randomUUID();
const keyRow = async (key: string) => (await api.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)))[0];

describe("Idempotency-Key on PUT /baskets", () => {
  it("replays the first answer for a retry with the same key and body, adding nothing more", async () => {
    const { plainHardback } = api.seeded.variants;
    const first = cartOf(await add({ productVariantId: plainHardback, quantity: 1 }));
    const key = newKey();
    const body = { productVariantId: plainHardback, quantity: 2, anonymousId: first.anonymousId };
    const original = await add(body, { key });
    const retry = await add(body, { key });
    expect(original.statusCode).toBe(200);
    expect(original.headers["idempotent-replayed"]).toBeUndefined();
    expect(retry.statusCode).toBe(200);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.body).toBe(original.body);
    expect((await getGuestCart(first.anonymousId!)).lineItems[0]?.quantity).toBe(3);
  });

  it("replays the creation of a new guest cart instead of opening a second one", async () => {
    const key = newKey();
    const body = { productVariantId: api.seeded.variants.plainPaperback, quantity: 1 };
    const countCarts = async () => (await api.database.db.select({ n: sql<number>`count(*)::int` }).from(carts))[0]!.n;
    const before = await countCarts();
    const first = cartOf(await add(body, { key }));
    const retry = cartOf(await add(body, { key }));
    expect(retry.anonymousId).toBe(first.anonymousId);
    expect(await countCarts()).toBe(before + 1);
  });

  it("answers 422 idempotency_key_reused for the same key with another body, changing nothing", async () => {
    const { plainHardback } = api.seeded.variants;
    const key = newKey();
    const cart = cartOf(await add({ productVariantId: plainHardback, quantity: 1 }, { key }));
    const reused = await add({ productVariantId: plainHardback, quantity: 5, anonymousId: cart.anonymousId }, { key });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors[0]).toMatchObject({ code: "idempotency_key_reused" });
    expect((await getGuestCart(cart.anonymousId!)).lineItems[0]?.quantity).toBe(1);
  });

  it("replays a refusal too: the same retry gets the same 409 rather than a different outcome later", async () => {
    const key = newKey();
    const body = { productVariantId: api.seeded.variants.soldOut, quantity: 1 };
    const refused = await add(body, { key });
    expect(refused.statusCode).toBe(409);
    const retry = await add(body, { key });
    expect(retry.statusCode).toBe(409);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.body).toBe(refused.body);
  });

  it("runs exactly once for 10 concurrent requests with one key: the others replay or are told it is in flight", async () => {
    const { plainHardback } = api.seeded.variants;
    const cart = cartOf(await add({ productVariantId: plainHardback, quantity: 1 }));
    const key = newKey();
    const body = { productVariantId: plainHardback, quantity: 1, anonymousId: cart.anonymousId };
    const responses = await Promise.all(Array.from({ length: 10 }, () => add(body, { key })));
    const fresh = responses.filter((response) => response.statusCode === 200 && response.headers["idempotent-replayed"] === undefined);
    const replayed = responses.filter((response) => response.headers["idempotent-replayed"] === "true");
    const inFlight = responses.filter((response) => response.statusCode === 409);
    expect(fresh).toHaveLength(1);
    expect(replayed.length + inFlight.length).toBe(9);
    for (const response of inFlight) expect(response.json().errors[0]).toMatchObject({ code: "idempotency_request_in_flight" });
    for (const response of replayed) expect(response.body).toBe(fresh[0]!.body);
    expect((await getGuestCart(cart.anonymousId!)).lineItems[0]?.quantity).toBe(2);
  });

  it("answers 409 while the first request holds the key, and lets a retry take over once its lease has lapsed", async () => {
    const { plainHardback } = api.seeded.variants;
    const cart = cartOf(await add({ productVariantId: plainHardback, quantity: 1 }));
    const key = newKey();
    const body = { productVariantId: plainHardback, quantity: 1, anonymousId: cart.anonymousId };
    await add(body, { key });
    // As if the first request were still running: its row back in flight, with a live lease.
    await api.database.db
      .update(idempotencyKeys)
      .set({ state: "in_flight", responseStatus: null, responseBody: null, leaseUntil: sql`now() + interval '1 minute'` })
      .where(eq(idempotencyKeys.key, key));
    const busy = await add(body, { key });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().errors[0]).toMatchObject({ code: "idempotency_request_in_flight" });

    // The process that held it died: once the lease lapses, the retry runs (and the key is its own).
    await api.database.db
      .update(idempotencyKeys)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(idempotencyKeys.key, key));
    const taken = await add(body, { key });
    expect(taken.statusCode).toBe(200);
    expect(taken.headers["idempotent-replayed"]).toBeUndefined();
    expect(await keyRow(key)).toMatchObject({ state: "completed", responseStatus: 200 });
  });

  it("forgets a key after 24 hours: it then runs as new", async () => {
    const { plainHardback } = api.seeded.variants;
    const cart = cartOf(await add({ productVariantId: plainHardback, quantity: 1 }));
    const key = newKey();
    const body = { productVariantId: plainHardback, quantity: 1, anonymousId: cart.anonymousId };
    await add(body, { key });
    const row = await keyRow(key);
    expect((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 1000).toBeCloseTo(IDEMPOTENCY_TTL_SECONDS, -1);

    await api.database.db
      .update(idempotencyKeys)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(idempotencyKeys.key, key));
    const again = await add(body, { key });
    expect(again.headers["idempotent-replayed"]).toBeUndefined();
    expect((await getGuestCart(cart.anonymousId!)).lineItems[0]?.quantity).toBe(3);
  });

  it("keeps customers' keys apart: the same key from another customer runs for that customer", async () => {
    const key = newKey();
    const body = { productVariantId: api.seeded.variants.plainHardback, quantity: 1 };
    const a = await createSession(api.database.db, api.seeded.customers.a.id);
    const b = await createSession(api.database.db, api.seeded.customers.b.id);
    const forA = cartOf(await add(body, { key, authorization: a.authorization }));
    const forB = await add(body, { key, authorization: b.authorization });
    expect(forB.headers["idempotent-replayed"]).toBeUndefined();
    expect(cartOf(forB).id).not.toBe(forA.id);
    const rows = await api.database.db
      .select({ scope: idempotencyKeys.scope })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.key, key)));
    expect(rows.map((row) => row.scope).sort()).toEqual([`customer:${api.seeded.customers.a.id}`, `customer:${api.seeded.customers.b.id}`]);
  });

  it("keeps guests' keys apart by basket: two guests sending the same key each get their own answer", async () => {
    const { plainHardback } = api.seeded.variants;
    const [a, b] = [
      cartOf(await add({ productVariantId: plainHardback, quantity: 1 })),
      cartOf(await add({ productVariantId: plainHardback, quantity: 1 })),
    ];
    const key = newKey();
    const forA = await add({ productVariantId: plainHardback, quantity: 1, anonymousId: a.anonymousId }, { key });
    const forB = await add({ productVariantId: plainHardback, quantity: 1, anonymousId: b.anonymousId }, { key });
    expect([forA.statusCode, forB.statusCode]).toEqual([200, 200]);
    expect(forB.headers["idempotent-replayed"]).toBeUndefined();
    expect(cartOf(forB).anonymousId).toBe(b.anonymousId);
    expect((await getGuestCart(a.anonymousId!)).lineItems[0]?.quantity).toBe(2);
    expect((await getGuestCart(b.anonymousId!)).lineItems[0]?.quantity).toBe(2);
    // Each guest's retry replays their own answer.
    const retryB = await add({ productVariantId: plainHardback, quantity: 1, anonymousId: b.anonymousId }, { key });
    expect(retryB.headers["idempotent-replayed"]).toBe("true");
    expect(retryB.body).toBe(forB.body);
  });

  it("keeps the keys of guests who name no basket apart by client: another client's same key makes its own cart", async () => {
    const key = newKey();
    const body = { productVariantId: api.seeded.variants.plainPaperback, quantity: 1 };
    const first = await add(body, { key, remoteAddress: "203.0.113.10" });
    const other = await add(body, { key, remoteAddress: "203.0.113.20" });
    expect(other.headers["idempotent-replayed"]).toBeUndefined();
    expect(cartOf(other).anonymousId).not.toBe(cartOf(first).anonymousId);
    const retry = await add(body, { key, remoteAddress: "203.0.113.10" });
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(cartOf(retry).anonymousId).toBe(cartOf(first).anonymousId);
    const rows = await api.database.db.select({ scope: idempotencyKeys.scope }).from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(rows.map((row) => row.scope).sort()).toEqual(
      [`basket:${cartOf(first).anonymousId}`, `basket:${cartOf(other).anonymousId}`, "client:203.0.113.10", "client:203.0.113.20"].sort(),
    );
  });

  it("refuses a malformed key with 400 before anything runs, and runs a request without a key as usual", async () => {
    for (const key of ["short", "x".repeat(256), "has space in it 123"]) {
      const response = await add({ productVariantId: api.seeded.variants.plainHardback, quantity: 1 }, { key });
      expect(response.statusCode, key).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ field: "headers.idempotency-key" });
    }
    expect((await add({ productVariantId: api.seeded.variants.plainHardback, quantity: 1 })).statusCode).toBe(200);
  });
});

describe("Idempotency-Key and failures worth retrying", () => {
  it("gives the key back after a 5xx, so the retry runs instead of replaying the failure", async () => {
    const app = await buildApp({ db: api.database.db, apiKeys: [TEST_API_KEY], tokenSecret: TEST_TOKEN_SECRET, storeCacheTtlMs: 0 });
    let calls = 0;
    app.post("/test-only/flaky", { config: { idempotent: true }, schema: { hide: true } }, async () => {
      calls += 1;
      if (calls === 1) throw new Error("a bug the first time");
      return { data: { calls } };
    });
    try {
      const key = newKey();
      const send = () =>
        app.inject({ method: "POST", url: "/test-only/flaky", headers: { ...TEST_HEADERS, "idempotency-key": key }, payload: {} });
      expect((await send()).statusCode).toBe(500);
      const retry = await send();
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual({ data: { calls: 2 } });
      expect((await send()).headers["idempotent-replayed"]).toBe("true");
      expect(calls).toBe(2);
    } finally {
      await app.close();
    }
  });
});
