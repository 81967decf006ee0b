import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct, createProductType, createStore } from "../../testing/factories";
import { useTestApi } from "../../testing/test-api";
import { confirmationMails, newClientIp, subscribe, subscriptionsOf } from "./back-in-stock-testing";
import { outboxMessages } from "../mail/mail.tables";
import { rateLimits } from "../rate-limits/rate-limits.tables";
import { BACK_IN_STOCK_LIMITS, clientLimitKey } from "./back-in-stock.service";

// The caps on back-in-stock requests: per client address (a rate limit, 429 past it) and per recipient
// (counted in the outbox; silently no more confirmation mail). Both must hold under concurrent requests.

const PER_CLIENT = BACK_IN_STOCK_LIMITS.perClient.max;
const PER_ADDRESS = BACK_IN_STOCK_LIMITS.perAddress.max;

const api = useTestApi(async (db) => {
  const store = await createStore(db);
  const type = await createProductType(db, { storeId: store.id, code: "book", name: "Book" });
  return { store, type };
});

let productCount = 0;
async function soldOutBook() {
  productCount += 1;
  const product = await createProduct(api.database.db, {
    storeId: api.seeded.store.id,
    productTypeId: api.seeded.type.id,
    slug: `limited-${productCount}`,
    name: `Limited ${productCount}`,
    variants: [{ sku: `LIM-${productCount}`, name: "Hardback", stockQuantity: 0, prices: { GBP: { amount: 900 } } }],
  });
  return product.variants[0]!.id;
}

const mailsTo = (email: string) => confirmationMails(api.database.db, email);

/** Moves a client's limit window back in time, as if `seconds` had passed since it started. */
const ageLimit = (key: string, seconds: number) =>
  api.database.db
    .update(rateLimits)
    .set({ windowStartedAt: sql`${rateLimits.windowStartedAt} - make_interval(secs => ${seconds})` })
    .where(eq(rateLimits.key, key));

/** Moves the mail queued for an address back in time, as if `seconds` had passed since it was sent. */
const ageMail = (email: string, seconds: number) =>
  api.database.db
    .update(outboxMessages)
    .set({ createdAt: sql`${outboxMessages.createdAt} - make_interval(secs => ${seconds})` })
    .where(eq(outboxMessages.recipient, email));

describe("the per-client limit", () => {
  it(`answers 429 too_many_requests with Retry-After past ${PER_CLIENT} requests an hour, counting refused requests too`, async () => {
    const ip = newClientIp();
    const variantId = await soldOutBook();
    // Requests the API refuses count as well: a client cannot probe without limit.
    const unknown = await subscribe(api, { productVariantId: 2_000_000_000, email: "probe@example.com" }, { ip });
    expect(unknown.statusCode).toBe(404);
    for (let index = 1; index < PER_CLIENT; index += 1) {
      const response = await subscribe(api, { productVariantId: variantId, email: `client-${index}@example.com` }, { ip });
      expect(response.statusCode, `request ${index + 1}`).toBe(202);
    }
    const refused = await subscribe(api, { productVariantId: variantId, email: "one-too-many@example.com" }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ errors: [expect.objectContaining({ code: "too_many_requests", message: expect.any(String) })] });
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    expect(await mailsTo("one-too-many@example.com")).toEqual([]);

    // Another client is not held back by this one.
    expect((await subscribe(api, { productVariantId: variantId, email: "neighbour@example.com" })).statusCode).toBe(202);
  });

  it("opens again once the hour has passed", async () => {
    const ip = newClientIp();
    const variantId = await soldOutBook();
    for (let index = 0; index < PER_CLIENT; index += 1) {
      await subscribe(api, { productVariantId: variantId, email: `hourly-${index}@example.com` }, { ip });
    }
    expect((await subscribe(api, { productVariantId: variantId, email: "hourly-late@example.com" }, { ip })).statusCode).toBe(429);
    await ageLimit(clientLimitKey(ip), 60 * 60);
    expect((await subscribe(api, { productVariantId: variantId, email: "hourly-late@example.com" }, { ip })).statusCode).toBe(202);
  });

  it(`lets exactly ${PER_CLIENT} of 50 concurrent requests from one client through`, async () => {
    const ip = newClientIp();
    const variantId = await soldOutBook();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        subscribe(api, { productVariantId: variantId, email: `burst-${index}@example.com` }, { ip }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 202)).toHaveLength(PER_CLIENT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50 - PER_CLIENT);
    expect(await subscriptionsOf(api.database.db, variantId)).toHaveLength(PER_CLIENT);
  });
  it("keys a client by a fixed-length hash of its address, so the table keeps no address", async () => {
    const variantId = await soldOutBook();
    const ip = "2001:db8:aaaa:bbbb:cccc:dddd:eeee:ffff";
    expect((await subscribe(api, { productVariantId: variantId, email: "odd-client@example.com" }, { ip })).statusCode).toBe(202);
    const [row] = await api.database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, clientLimitKey(ip)));
    expect(row).toMatchObject({ hits: 1 });
    expect(row!.key).toMatch(/^back-in-stock:client:[0-9a-f]{64}$/);
  });
});

describe("the per-address limit", () => {
  it(`sends at most ${PER_ADDRESS} confirmation emails a day to one address, across variants, answering the same every time`, async () => {
    const email = "popular@example.com";
    const answers: string[] = [];
    for (let index = 0; index < PER_ADDRESS + 3; index += 1) {
      const variantId = await soldOutBook();
      const response = await subscribe(api, { productVariantId: variantId, email });
      expect(response.statusCode).toBe(202);
      expect(response.json().data).toEqual({ productVariantId: variantId, email, status: "confirmation_sent" });
      answers.push(JSON.stringify({ ...response.json().data, productVariantId: 0 }));
    }
    expect(new Set(answers).size).toBe(1);
    expect(await mailsTo(email)).toHaveLength(PER_ADDRESS);
  });

  it("counts repeats for one variant too, and sends again the next day", async () => {
    const email = "repeat@example.com";
    const variantId = await soldOutBook();
    for (let index = 0; index < PER_ADDRESS + 2; index += 1) {
      expect((await subscribe(api, { productVariantId: variantId, email })).statusCode).toBe(202);
    }
    expect(await mailsTo(email)).toHaveLength(PER_ADDRESS);
    await ageMail(email, 24 * 60 * 60);
    await subscribe(api, { productVariantId: variantId, email });
    expect(await mailsTo(email)).toHaveLength(PER_ADDRESS + 1);
  });

  it(`sends exactly ${PER_ADDRESS} emails for 50 concurrent requests for one address from 50 clients`, async () => {
    const email = "flooded@example.com";
    const variants = await Promise.all(Array.from({ length: 5 }, () => soldOutBook()));
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) => subscribe(api, { productVariantId: variants[index % variants.length]!, email })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(202));
    expect(new Set(responses.map((response) => response.json().data.status))).toEqual(new Set(["confirmation_sent"]));
    expect(await mailsTo(email)).toHaveLength(PER_ADDRESS);
  });
});
