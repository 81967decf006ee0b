import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer } from "../../testing/identity-factories";
import { createSignedInStaff } from "../../testing/staff-factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { errorCodeOf } from "../cart/cart-test-catalogue";
import { productVariants } from "../catalog/catalog.tables";
import { createCheckoutTestShop, placeGuestOrder, startGuestPayment } from "../checkout/checkout-test-shop";
import { enqueue } from "../jobs/job-queue";
import { paymentRefunds, payments } from "../payments/payments.tables";
import { orderReturns } from "../returns/returns.tables";
import { orders } from "./orders.tables";

// GET /admin/reports/overview: the back office's home page, its sales per currency and day of the shop's zone and the counts of
// what waits for the shop, each from its module in a fixed number of statements.

const ADMIN_KEY = "overview-admin-key-000000";
const api = useTestApi((db) => createCheckoutTestShop(db, { minimumOrderPrices: {} }), { adminApiKeys: [ADMIN_KEY] });

const asAdmin = (method: "GET" | "PUT", url: string, payload?: object) =>
  api.app.inject({ method, url, headers: { storekey: TEST_HEADERS.storekey, "admin-key": ADMIN_KEY }, ...(payload ? { payload } : {}) });

type Overview = {
  asOf: string;
  timeZone: string;
  sales: { currencyCode: string; today: Figures; last7Days: Figures; last30Days: Figures }[];
  daily: { date: string; currencies: { currencyCode: string; orders: number; revenue: { amount: number } }[] }[];
  toDo: Record<string, number>;
};
type Figures = { orders: number; revenue: { amount: number; currencyCode: string } };

const overview = async (): Promise<Overview> => {
  const answer = await asAdmin("GET", "/admin/reports/overview");
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

describe("the back office's figures", () => {
  it("sums orders and revenue per currency today, over 7 and 30 days (a shop on UTC), by day, leaving cancelled orders out", async () => {
    const placed = await Promise.all([0, 1, 2, 3].map(() => placeGuestOrder(() => api.app, api.seeded)));
    const [today, fiveDaysAgo, twentyDaysAgo, cancelled] = placed as [
      (typeof placed)[0],
      (typeof placed)[0],
      (typeof placed)[0],
      (typeof placed)[0],
    ];
    const total = today.grandTotal.amount;
    await api.database.db
      .update(orders)
      .set({ placedAt: daysAgo(5) })
      .where(eq(orders.id, fiveDaysAgo.id));
    await api.database.db
      .update(orders)
      .set({ placedAt: daysAgo(20) })
      .where(eq(orders.id, twentyDaysAgo.id));
    // Another currency, and one order too old to count.
    await api.database.db.update(orders).set({ currencyCode: "EUR", grandTotal: 999 }).where(eq(orders.id, twentyDaysAgo.id));
    const old = await placeGuestOrder(() => api.app, api.seeded);
    await api.database.db
      .update(orders)
      .set({ placedAt: daysAgo(31) })
      .where(eq(orders.id, old.id));
    expect((await asAdmin("PUT", `/admin/orders/${cancelled.id}/cancel`, { reason: "test" })).statusCode).toBe(200);

    const figures = await overview();
    const gbp = figures.sales.find((entry) => entry.currencyCode === today.grandTotal.currencyCode)!;
    expect(gbp.today).toEqual({ orders: 1, revenue: { amount: total, currencyCode: today.grandTotal.currencyCode } });
    expect(gbp.last7Days.orders).toBe(2);
    expect(gbp.last7Days.revenue.amount).toBe(2 * total);
    expect(gbp.last30Days.orders).toBe(2);
    expect(figures.sales.find((entry) => entry.currencyCode === "EUR")).toMatchObject({
      today: { orders: 0, revenue: { amount: 0 } },
      last7Days: { orders: 0 },
      last30Days: { orders: 1, revenue: { amount: 999, currencyCode: "EUR" } },
    });
    // Thirty days, oldest first, today last, each a UTC date.
    expect(figures.daily).toHaveLength(30);
    expect(figures.daily.at(-1)!.date).toBe(new Date().toISOString().slice(0, 10));
    expect(figures.daily[0]!.date).toBe(daysAgo(29).toISOString().slice(0, 10));
    expect(figures.daily.at(-1)!.currencies).toEqual([
      { currencyCode: today.grandTotal.currencyCode, orders: 1, revenue: { amount: total, currencyCode: today.grandTotal.currencyCode } },
    ]);
    expect(figures.daily.find((day) => day.date === daysAgo(20).toISOString().slice(0, 10))!.currencies).toEqual([
      { currencyCode: "EUR", orders: 1, revenue: { amount: 999, currencyCode: "EUR" } },
    ]);
    expect(figures.daily.reduce((sum, day) => sum + day.currencies.reduce((n, entry) => n + entry.orders, 0), 0)).toBe(3);
  });

  it("begins the shop's days at midnight in its own time zone, which the merchant sets", async () => {
    // Kiritimati keeps UTC+14 all year: its day begins ten hours before UTC's previous one ends.
    const zone = "Pacific/Kiritimati";
    const set = await asAdmin("PUT", "/admin/settings", { timeZone: "pacific/kiritimati" });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.timeZone).toBe(zone);
    try {
      const now = new Date();
      const localToday = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
        now,
      );
      const [year, month, day] = localToday.split("-").map(Number) as [number, number, number];
      const localMidnight = Date.UTC(year, month - 1, day) - 14 * 60 * 60 * 1000;
      const [justAfter, justBefore] = await Promise.all([0, 1].map(() => placeGuestOrder(() => api.app, api.seeded)));
      await api.database.db
        .update(orders)
        .set({ placedAt: new Date(localMidnight + 1000), currencyCode: "USD", grandTotal: 700 })
        .where(eq(orders.id, justAfter!.id));
      await api.database.db
        .update(orders)
        .set({ placedAt: new Date(localMidnight - 1000), currencyCode: "USD", grandTotal: 300 })
        .where(eq(orders.id, justBefore!.id));

      const figures = await overview();
      expect(figures.timeZone).toBe(zone);
      expect(figures.sales.find((entry) => entry.currencyCode === "USD")).toMatchObject({
        today: { orders: 1, revenue: { amount: 700 } },
        last7Days: { orders: 2, revenue: { amount: 1000 } },
      });
      // The file's other orders are in GBP and EUR: the days' USD entries are these two.
      const usdOn = (entry: Overview["daily"][number] | undefined) => entry?.currencies.filter((found) => found.currencyCode === "USD");
      expect(figures.daily.at(-1)!.date).toBe(localToday);
      expect(usdOn(figures.daily.at(-1))).toEqual([{ currencyCode: "USD", orders: 1, revenue: { amount: 700, currencyCode: "USD" } }]);
      expect(usdOn(figures.daily.at(-2))).toEqual([{ currencyCode: "USD", orders: 1, revenue: { amount: 300, currencyCode: "USD" } }]);
    } finally {
      await asAdmin("PUT", "/admin/settings", { timeZone: "UTC" });
    }
  });

  it("refuses a time zone that is not one, or is an offset", async () => {
    for (const timeZone of ["Mars/Olympus_Mons", "+01:00", "", "Europe/London; drop table stores"]) {
      const answer = await asAdmin("PUT", "/admin/settings", { timeZone });
      expect(answer.statusCode, timeZone).toBe(400);
      expect(answer.json().errors[0].field, timeZone).toBe("body.timeZone");
    }
  });

  it("counts what waits: orders to ship, returns to decide, low stock, refunds owed or failed, captures given back, failed jobs", async () => {
    const db = api.database.db;
    const storeId = api.seeded.store.id;
    const tiered = eq(productVariants.id, api.seeded.variants.tiered);
    await db.update(productVariants).set({ stockQuantity: 50, lowStockThreshold: null }).where(tiered);
    const before = (await overview()).toDo;

    // A paid order, to ship.
    const paid = await placeGuestOrder(() => api.app, api.seeded);
    await startGuestPayment(() => api.app, paid, "proforma-invoice");
    expect((await asAdmin("PUT", `/admin/orders/${paid.id}/confirm-transfer`)).statusCode).toBe(200);
    // Returns asked for and received count; one approved does not.
    const customer = await createCustomer(db, { storeId, email: "returner@overview.example" });
    for (const [index, status] of (["requested", "received", "approved"] as const).entries()) {
      await db.insert(orderReturns).values({
        publicId: `R-OVERVIEW-${index}`,
        storeId,
        orderId: paid.id,
        customerId: customer.id,
        status,
        reason: "damaged",
        resolution: "refund",
        currencyCode: paid.grandTotal.currencyCode,
        amount: 100,
      });
    }
    // A variant down to its own threshold.
    await db.update(productVariants).set({ stockQuantity: 1, lowStockThreshold: 3 }).where(tiered);
    // Refunds: an owed one (the bank transfer's), a failed one, a capture given back; a succeeded one counts in neither.
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, paid.id));
    const refund = (reason: "merchant_refund" | "capture_given_back", status: "owed" | "failed" | "succeeded", source: string) =>
      db.insert(paymentRefunds).values({
        storeId,
        orderId: paid.id,
        paymentId: payment!.id,
        reason,
        status,
        source,
        amount: 1,
        currencyCode: payment!.currencyCode,
      });
    await refund("merchant_refund", "owed", "overview:1");
    await refund("merchant_refund", "failed", "overview:2");
    await refund("capture_given_back", "succeeded", "overview:3");
    // A job that failed its last retry two days ago, and one that failed too long ago to count.
    for (const days of [2, 8]) {
      const id = await db.transaction((tx) => enqueue(tx, "mail-delivery", { messageId: 2_000_000_000 - days }));
      await db.execute(
        sql`update pgboss.job set state = 'failed', completed_on = now() - make_interval(days => ${days}) where id = ${id}::uuid`,
      );
    }

    const after = (await overview()).toDo;
    expect({
      ordersToShip: after.ordersToShip! - before.ordersToShip!,
      returnsToHandle: after.returnsToHandle! - before.returnsToHandle!,
      lowStockVariants: after.lowStockVariants! - before.lowStockVariants!,
      refundsNeedingAttention: after.refundsNeedingAttention! - before.refundsNeedingAttention!,
      capturesGivenBackLast30Days: after.capturesGivenBackLast30Days! - before.capturesGivenBackLast30Days!,
      failedJobsLast7Days: after.failedJobsLast7Days! - before.failedJobsLast7Days!,
    }).toEqual({
      ordersToShip: 1,
      returnsToHandle: 2,
      lowStockVariants: 1,
      refundsNeedingAttention: 2,
      capturesGivenBackLast30Days: 1,
      failedJobsLast7Days: 1,
    });
    await db.update(productVariants).set({ stockQuantity: 50, lowStockThreshold: null }).where(tiered);
  });

  it("reads the same number of statements however many orders there are", async () => {
    const statements = async () => {
      api.database.resetQueryLog();
      await overview();
      return api.database.queries.length;
    };
    const first = await statements();
    await Promise.all([0, 1, 2].map(() => placeGuestOrder(() => api.app, api.seeded)));
    expect(await statements()).toBe(first);
    // The key's and store's look-ups, then one statement per figure: sales, to ship, returns, low stock, refunds, jobs.
    expect(first).toBeLessThanOrEqual(10);
  });

  it("is the orders permission's: fulfilment may read it, content may not", async () => {
    const storeId = api.seeded.store.id;
    const writer = await createSignedInStaff(api.database.db, { storeId, email: "writer@overview.example", role: "content" });
    const packer = await createSignedInStaff(api.database.db, { storeId, email: "packer@overview.example", role: "fulfilment" });
    const as = (token: string) =>
      api.app.inject({
        method: "GET",
        url: "/admin/reports/overview",
        headers: { storekey: TEST_HEADERS.storekey, authorization: `Bearer ${token}` },
      });
    expect(errorCodeOf(await as(writer.token))).toBe("permission_denied");
    expect((await as(packer.token)).statusCode).toBe(200);
    expect(errorCodeOf(await api.app.inject({ method: "GET", url: "/admin/reports/overview", headers: TEST_HEADERS }))).toBe(
      "admin_key_missing",
    );
  });
});
