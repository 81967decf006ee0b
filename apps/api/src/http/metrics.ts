import { timingSafeEqual } from "node:crypto";
import { count } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Db } from "../db/client";
import { countJobs } from "../modules/jobs/jobs.repository";
import { orders } from "../modules/orders/orders.tables";
import { paymentRefunds, payments } from "../modules/payments/payments.tables";
import { AppError } from "./errors";

/** What the pool of connections to PostgreSQL is doing now; absent for the embedded database. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface MetricsOptions {
  db: Db;
  /** The bearer token a scraper sends; unset: GET /metrics is not served. */
  token?: string;
  poolStats?: () => PoolStats;
}

/** Latency buckets, in seconds: a page's API calls are tens of milliseconds, a slow one seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * GET /metrics in the Prometheus text format (prom-client), for an operator's scraper (issue 13; the operator's
 * guide says what each figure means): the process's own (CPU, memory, event loop lag, garbage collection),
 * requests by route (the route's pattern, never its values) with their latency and status (rates and errors come
 * from the histogram's counts), the database pool, the job queue by queue and state (pg-boss: failed jobs are
 * `failed`), and orders and payments by status. The business figures are counted when scraped, a grouped count
 * each; a database that is away leaves them out of that scrape rather than failing it.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions) {
  const { token, db, poolStats } = options;
  if (!token) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "quire_api_" });

  const requests = new Histogram({
    name: "quire_api_http_request_duration_seconds",
    help: "API requests by method, route pattern and status, with their latency",
    labelNames: ["method", "route", "status"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    if (route === "/metrics") return;
    requests.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: "quire_api_db_pool_connections",
    help: "Connections of the pool to PostgreSQL: total, idle, and calls waiting for one",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const stats = poolStats?.();
      if (!stats) return;
      this.set({ state: "total" }, stats.total);
      this.set({ state: "idle" }, stats.idle);
      this.set({ state: "waiting" }, stats.waiting);
    },
  });

  /** A gauge of grouped counts read from the database when scraped. */
  const countedGauge = <Label extends string>(
    name: string,
    help: string,
    labelNames: readonly Label[],
    read: () => Promise<{ labels: Record<Label, string>; value: number }[]>,
  ) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        try {
          for (const { labels, value } of await read()) this.set(labels, value);
        } catch {
          // The database is away: this scrape goes without the figure (the pool's and the requests' tell why).
        }
      },
    });

  countedGauge(
    "quire_jobs",
    "Background jobs by queue and state (created, retry, active, completed, cancelled, failed)",
    ["queue", "state"] as const,
    async () => (await countJobs(db)).map((row) => ({ labels: { queue: row.name, state: row.state }, value: row.count })),
  );
  countedGauge("quire_orders", "Orders by status", ["status"] as const, async () =>
    (await db.select({ status: orders.status, value: count() }).from(orders).groupBy(orders.status)).map((row) => ({
      labels: { status: row.status },
      value: row.value,
    })),
  );
  countedGauge("quire_payments", "Payments by provider and status", ["provider", "status"] as const, async () =>
    (
      await db
        .select({ provider: payments.provider, status: payments.status, value: count() })
        .from(payments)
        .groupBy(payments.provider, payments.status)
    ).map((row) => ({ labels: { provider: row.provider, status: row.status }, value: row.value })),
  );

  // Money going back: `reason="capture_given_back"` counts the captures the shop gave back unasked (decision 040),
  // `status="failed"` or a growing `status="pending"` the refunds that need the merchant's eye.
  countedGauge("quire_refunds", "Refunds by reason and status", ["reason", "status"] as const, async () =>
    (
      await db
        .select({ reason: paymentRefunds.reason, status: paymentRefunds.status, value: count() })
        .from(paymentRefunds)
        .groupBy(paymentRefunds.reason, paymentRefunds.status)
    ).map((row) => ({ labels: { reason: row.reason, status: row.status }, value: row.value })),
  );

  const expected = Buffer.from(`Bearer ${token}`);
  app.get(
    "/metrics",
    { config: { public: true }, schema: { hide: true, "x-error-codes": ["metrics_token_invalid"] } },
    async (request, reply) => {
      const sent = Buffer.from(request.headers.authorization ?? "");
      if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) throw new AppError("metrics_token_invalid");
      reply.header("Cache-Control", "no-store").type(registry.contentType);
      return registry.metrics();
    },
  );
}
