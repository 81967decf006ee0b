import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { sqlRows } from "../../db/sql-rows";
import { createProduct, createProductType, createStore } from "../../testing/factories";
import { createCustomer } from "../../testing/identity-factories";
import { createTestDatabase, type TestDatabase } from "../../testing/test-database";
import { drainJobs } from "../../testing/test-jobs";
import { backInStockConfirmationTokens, backInStockSubscriptions } from "../back-in-stock/back-in-stock.tables";
import { idempotencyKeys } from "../idempotency/idempotency.tables";
import { customerInvites, passwordResetTokens, sessions, signInThrottles, signupRequests } from "../identity/identity.tables";
import { outboxMessages } from "../mail/mail.tables";
import { paymentWebhookEvents } from "../payments/payments.tables";
import { rateLimits } from "../rate-limits/rate-limits.tables";
import { JOB_SCHEDULES, type JobName } from "./job-catalogue";
import { enqueue } from "./job-queue";

// Each scheduled clean-up, run as the worker runs it (queued, then drained): what is past its module's
// retention goes, what is not stays. Rows are written a little either side of each limit.

let database: TestDatabase;
let db: Db;
let storeId: number;
let customerId: number;
let variantId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  const store = await createStore(db, { key: "housekeeping" });
  storeId = store.id;
  customerId = (await createCustomer(db, { storeId, email: "reader@example.com" })).id;
  const book = await createProductType(db, { storeId, code: "book", name: "Book" });
  const product = await createProduct(db, {
    storeId,
    productTypeId: book.id,
    slug: "sold-out",
    name: "Sold Out",
    variants: [{ sku: "SOLD-OUT", name: "Hardback", stockQuantity: 0, prices: { GBP: { amount: 1000 } } }],
  });
  variantId = product.variants[0]!.id;
});
afterAll(async () => {
  await database?.close();
});

/** A time `text` (a PostgreSQL interval such as '30 days') before now, as the database counts it. */
const ago = (text: string): SQL => sql`now() - ${text}::interval`;

/** Queues the scheduled job and runs it, as the worker would at its minute. */
async function runScheduled(name: JobName): Promise<void> {
  await db.transaction((tx) => enqueue(tx, name, {}));
  const report = await drainJobs(db, { only: [name] });
  expect(report.completed).toBe(1);
}

/** Which of the given values of `column` are still in `table`. */
async function remaining(table: SQL, column: SQL, values: (string | number)[]): Promise<(string | number)[]> {
  const rows = await sqlRows<{ value: string | number }>(db, sql`select ${column} as value from ${table}`);
  const present = new Set(rows.map((row) => String(row.value)));
  return values.filter((value) => present.has(String(value)));
}

describe("the housekeeping jobs", () => {
  it("are all on the schedule, beside the jobs that cancel unpaid orders, ask gateways about open payments and settle refunds", () => {
    const housekeeping: JobName[] = [
      "purge-idempotency-keys",
      "purge-rate-limits",
      "purge-identity-links",
      "purge-ended-sessions",
      "purge-back-in-stock-requests",
      "purge-outbox",
      "purge-payment-webhook-events",
      "refresh-table-statistics",
    ];
    const everyMinute: JobName[] = ["cancel-unpaid-orders", "refresh-open-payments", "settle-pending-refunds", "search-index-sweep"];
    expect(Object.keys(JOB_SCHEDULES).sort()).toEqual([...housekeeping, ...everyMinute, "refresh-search-vocabulary"].sort());
  });

  it("purge-idempotency-keys deletes keys past their expiry and keeps the others", async () => {
    const key = (name: string, expiresAt: SQL) => ({
      storeId,
      scope: "anonymous",
      key: `housekeeping-${name}-key-0000`,
      route: "PUT /baskets",
      requestHash: "hash",
      state: "completed" as const,
      leaseUntil: sql`now()`,
      expiresAt,
    });
    await db.insert(idempotencyKeys).values([key("expired", ago("1 second")), key("live", sql`now() + interval '1 hour'`)]);
    await runScheduled("purge-idempotency-keys");
    const keys = ["housekeeping-expired-key-0000", "housekeeping-live-key-0000"];
    expect(await remaining(sql`idempotency_keys`, sql`key`, keys)).toEqual(["housekeeping-live-key-0000"]);
  });

  it("purge-rate-limits deletes counters whose window started over a day ago and keeps the others", async () => {
    await db.insert(rateLimits).values([
      { key: "housekeeping:lapsed", hits: 3, windowStartedAt: ago("25 hours") },
      { key: "housekeeping:recent", hits: 3, windowStartedAt: ago("23 hours") },
    ]);
    await runScheduled("purge-rate-limits");
    expect(await remaining(sql`rate_limits`, sql`key`, ["housekeeping:lapsed", "housekeeping:recent"])).toEqual(["housekeeping:recent"]);
  });

  it("purge-identity-links deletes links a week past their expiry and lapsed sign-in throttles, and keeps the others", async () => {
    const link = (name: string, expiresAt: SQL) => ({ storeId, email: `${name}@example.com`, tokenHash: `hash-${name}`, expiresAt });
    await db.insert(signupRequests).values([link("signup-old", ago("8 days")), link("signup-recent", ago("6 days"))]);
    await db.insert(customerInvites).values([link("invite-old", ago("8 days")), link("invite-live", sql`now() + interval '1 day'`)]);
    await db.insert(passwordResetTokens).values([
      { customerId, tokenHash: "hash-reset-old", expiresAt: ago("8 days") },
      { customerId, tokenHash: "hash-reset-recent", expiresAt: ago("1 hour") },
    ]);
    await db.insert(signInThrottles).values([
      { key: "housekeeping:lapsed", failures: 5, windowStartedAt: ago("2 days"), lockedUntil: ago("2 days") },
      { key: "housekeeping:locked", failures: 5, windowStartedAt: ago("2 days"), lockedUntil: sql`now() + interval '10 minutes'` },
      { key: "housekeeping:recent", failures: 1, windowStartedAt: ago("1 minute") },
    ]);
    await runScheduled("purge-identity-links");
    const hashes = ["hash-signup-old", "hash-signup-recent", "hash-invite-old", "hash-invite-live", "hash-reset-old", "hash-reset-recent"];
    const kept = [
      ...(await remaining(sql`signup_requests`, sql`token_hash`, hashes)),
      ...(await remaining(sql`customer_invites`, sql`token_hash`, hashes)),
      ...(await remaining(sql`password_reset_tokens`, sql`token_hash`, hashes)),
    ];
    expect(kept).toEqual(["hash-signup-recent", "hash-invite-live", "hash-reset-recent"]);
    const throttles = ["housekeeping:lapsed", "housekeeping:locked", "housekeeping:recent"];
    expect(await remaining(sql`sign_in_throttles`, sql`key`, throttles)).toEqual(["housekeeping:locked", "housekeeping:recent"]);
  });

  it("purge-ended-sessions deletes sessions a month past their revocation or expiry, and keeps the others", async () => {
    const session = (id: string, expiresAt: SQL, revokedAt: SQL | null = null) => ({ id, customerId, expiresAt, revokedAt });
    await db.insert(sessions).values([
      session("housekeeping-expired-old", ago("31 days")),
      session("housekeeping-expired-recent", ago("29 days")),
      // Revoked long ago, though its token would have run for another year: it ended when it was revoked.
      session("housekeeping-revoked-old", sql`now() + interval '1 year'`, ago("31 days")),
      session("housekeeping-revoked-recent", sql`now() + interval '1 day'`, ago("29 days")),
      // Revoked (every session, at a password change) long after it had expired: it ended at its expiry.
      session("housekeeping-revoked-after-expiry", ago("40 days"), ago("1 day")),
      session("housekeeping-live", sql`now() + interval '1 hour'`),
    ]);
    await runScheduled("purge-ended-sessions");
    const ids = [
      "housekeeping-expired-old",
      "housekeeping-expired-recent",
      "housekeeping-revoked-old",
      "housekeeping-revoked-recent",
      "housekeeping-revoked-after-expiry",
      "housekeeping-live",
    ];
    expect(await remaining(sql`sessions`, sql`id`, ids)).toEqual([
      "housekeeping-expired-recent",
      "housekeeping-revoked-recent",
      "housekeeping-live",
    ]);
  });

  it("purge-back-in-stock-requests deletes requests unconfirmed for 30 days or notified 90 days ago and links a week past expiry, and keeps the others", async () => {
    const request = async (email: string, createdAt: SQL, confirmedAt: SQL | null = null, notifiedAt: SQL | null = null) => {
      const [row] = await db
        .insert(backInStockSubscriptions)
        .values({ storeId, variantId, email, createdAt, confirmedAt, notifiedAt })
        .returning({ id: backInStockSubscriptions.id });
      return row!.id;
    };
    const token = (subscriptionId: number, tokenHash: string, expiresAt: SQL) =>
      db.insert(backInStockConfirmationTokens).values({ subscriptionId, tokenHash, expiresAt });

    const stale = await request("stale@example.com", ago("31 days"));
    await token(stale, "bis-stale", ago("24 days"));
    const recent = await request("recent@example.com", ago("29 days"));
    const resent = await request("resent@example.com", ago("31 days"));
    await token(resent, "bis-resent-old", ago("24 days"));
    await token(resent, "bis-resent-live", sql`now() + interval '1 day'`);
    const confirmed = await request("confirmed@example.com", ago("60 days"), ago("59 days"));
    await token(confirmed, "bis-confirmed-old", ago("53 days"));
    await token(confirmed, "bis-confirmed-recent", ago("6 days"));
    // Notified long ago, notified recently, and a pending request made long ago by the same address
    // (asked again after its notice): only the old notice goes.
    const notifiedOld = await request("notified@example.com", ago("100 days"), ago("100 days"), ago("91 days"));
    const notifiedRecent = await request("notified-recent@example.com", ago("100 days"), ago("100 days"), ago("89 days"));
    const askedAgain = await request("notified@example.com", ago("95 days"), ago("95 days"));

    await runScheduled("purge-back-in-stock-requests");
    const requests = [stale, recent, resent, confirmed, notifiedOld, notifiedRecent, askedAgain];
    expect(await remaining(sql`back_in_stock_subscriptions`, sql`id`, requests)).toEqual([
      recent,
      resent,
      confirmed,
      notifiedRecent,
      askedAgain,
    ]);
    const tokens = ["bis-stale", "bis-resent-old", "bis-resent-live", "bis-confirmed-old", "bis-confirmed-recent"];
    expect(await remaining(sql`back_in_stock_confirmation_tokens`, sql`token_hash`, tokens)).toEqual([
      "bis-resent-live",
      "bis-confirmed-recent",
    ]);
  });

  it("purge-outbox deletes messages written over 30 days ago, sent or not, and keeps the others", async () => {
    const message = async (subject: string, createdAt: SQL, sentAt: SQL | null) => {
      const [row] = await db
        .insert(outboxMessages)
        .values({ storeId, kind: "password_reset", recipient: "reader@example.com", subject, textBody: "...", createdAt, sentAt })
        .returning({ id: outboxMessages.id });
      return row!.id;
    };
    const oldSent = await message("old, sent", ago("31 days"), ago("31 days"));
    const oldUnsent = await message("old, never sent", ago("31 days"), null);
    const recent = await message("recent", ago("29 days"), ago("29 days"));
    await runScheduled("purge-outbox");
    expect(await remaining(sql`outbox_messages`, sql`id`, [oldSent, oldUnsent, recent])).toEqual([recent]);
  });

  it("purge-payment-webhook-events deletes events received over 30 days ago and keeps the others", async () => {
    const event = (eventId: string, receivedAt: SQL) => ({
      provider: "stripe",
      eventId,
      eventType: "checkout.session.completed",
      receivedAt,
    });
    await db
      .insert(paymentWebhookEvents)
      .values([event("evt_housekeeping_old", ago("31 days")), event("evt_housekeeping_recent", ago("29 days"))]);
    await runScheduled("purge-payment-webhook-events");
    const ids = ["evt_housekeeping_old", "evt_housekeeping_recent"];
    expect(await remaining(sql`payment_webhook_events`, sql`event_id`, ids)).toEqual(["evt_housekeeping_recent"]);
  });

  it("refresh-table-statistics analyses the tables that changed by more than a tenth since their last ANALYZE, and no other", async () => {
    const statistics = async (table: string) => {
      const [row] = await sqlRows<{ changed: number; analysedAt: string | null }>(
        db,
        sql`select n_mod_since_analyze::int as changed, last_analyze::text as "analysedAt"
          from pg_stat_user_tables where schemaname = 'public' and relname = ${table}`,
      );
      return row!;
    };
    await db.execute(sql`analyze rate_limits, stores`);
    const before = { rateLimits: await statistics("rate_limits"), stores: await statistics("stores") };
    // 1,500 new counters: more than the floor of 1,000 rows, and more than a tenth of the table.
    await db.insert(rateLimits).values(Array.from({ length: 1500 }, (_, index) => ({ key: `statistics:${index}`, hits: 1 })));
    // Each session reports its counts within about a second; ask until the server's statistics have them.
    while ((await statistics("rate_limits")).changed < 1500) await db.execute(sql`select pg_stat_force_next_flush()`);

    await runScheduled("refresh-table-statistics");
    const after = { rateLimits: await statistics("rate_limits"), stores: await statistics("stores") };
    expect(after.rateLimits.changed).toBe(0);
    expect(after.rateLimits.analysedAt! > before.rateLimits.analysedAt!).toBe(true);
    // The stores table has not changed since its ANALYZE: left alone.
    expect(after.stores.analysedAt).toBe(before.stores.analysedAt);
  });
});
