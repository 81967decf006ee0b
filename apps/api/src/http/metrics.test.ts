import { describe, expect, it } from "vitest";
import { createCheckoutTestShop, placeGuestOrder } from "../modules/checkout/checkout-test-shop";
import { payments } from "../modules/payments/payments.tables";
import { recordRefund } from "../modules/payments/refunds.service";
import { TEST_HEADERS, useTestApi } from "../testing/test-api";

// GET /metrics (issue 13): Prometheus's text format, behind the configured bearer token.
const TOKEN = "metrics-token-for-tests-0000";
const api = useTestApi((db) => createCheckoutTestShop(db), {
  metrics: { token: TOKEN, poolStats: () => ({ total: 4, idle: 3, waiting: 0 }) },
});

const scrape = (authorization?: string) =>
  api.app.inject({ method: "GET", url: "/metrics", headers: authorization === undefined ? {} : { authorization } });

/** The value of the sample `line` names (metric{labels}), or undefined when the scrape has no such sample. */
function sample(text: string, line: string): number | undefined {
  const found = text.split("\n").find((row) => row.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

describe("GET /metrics", () => {
  it("answers only the configured bearer token", async () => {
    for (const authorization of [undefined, "Bearer wrong-token-of-the-same-len", `Bearer ${TOKEN}x`, TOKEN]) {
      const response = await scrape(authorization);
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.json().errors[0].code).toBe("metrics_token_invalid");
    }
    expect((await scrape(`Bearer ${TOKEN}`)).statusCode).toBe(200);
  });

  it("counts requests by route pattern and status, with their latency", async () => {
    await api.app.inject({ url: "/store-settings", headers: TEST_HEADERS });
    await api.app.inject({ url: "/products/2000000000", headers: TEST_HEADERS });
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.headers["content-type"]).toContain("text/plain");
    const text = response.body;
    expect(
      sample(text, 'quire_api_http_request_duration_seconds_count{method="GET",route="/store-settings",status="200"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'quire_api_http_request_duration_seconds_count{method="GET",route="/products/:id",status="404"}'),
    ).toBeGreaterThanOrEqual(1);
    // A sample's value may happen to hold those digits (a float such as 0.12000000000000001); its labels never do.
    const labels = text.split("\n").map((line) => line.match(/\{[^}]*\}/)?.[0] ?? "");
    expect(labels.join("\n"), "a route's values never become labels").not.toContain("2000000000");
    expect(text).not.toContain('route="/metrics"');
    expect(sample(text, 'quire_api_db_pool_connections{state="idle"}')).toBe(3);
    expect(text).toContain("quire_api_process_cpu_seconds_total");
  });

  it("counts orders by status, read when scraped", async () => {
    const before = sample((await scrape(`Bearer ${TOKEN}`)).body, 'quire_orders{status="awaiting_payment"}') ?? 0;
    // Two books: one alone is under this shop's minimum order.
    await placeGuestOrder(() => api.app, api.seeded, 2);
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(sample(text, 'quire_orders{status="awaiting_payment"}')).toBe(before + 1);
    expect(text).toContain("# TYPE quire_payments gauge");
    expect(text).toContain("# TYPE quire_jobs gauge");
  });

  it("counts refunds by reason and status: the captures given back unasked among them", async () => {
    const order = await placeGuestOrder(() => api.app, api.seeded, 2);
    const [payment] = await api.database.db
      .insert(payments)
      .values({
        publicId: "pay_metrics_capture_given_back",
        storeId: api.seeded.store.id,
        orderId: order.id,
        provider: "stripe",
        status: "cancelled",
        amount: order.grandTotal.amount,
        currencyCode: "GBP",
      })
      .returning();
    await api.database.db.transaction((tx) =>
      recordRefund(tx, { payment: payment!, reason: "capture_given_back", source: `capture:${payment!.id}`, amount: payment!.amount }),
    );
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(sample(text, 'quire_refunds{reason="capture_given_back",status="pending"}')).toBe(1);
  });
});

describe("GET /metrics without a token configured", () => {
  const unconfigured = useTestApi(async () => undefined);
  it("is not served", async () => {
    const response = await unconfigured.app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(404);
  });
});
