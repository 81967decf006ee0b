import { CartResponseSchema, ListProductsResponseSchema } from "@quire/contracts";
import { EventEmitter, once } from "node:events";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgresCluster, type PostgresCluster } from "../../../api/src/testing/postgres-cluster";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { expectNoPageProblems, sessionPerTest } from "./browser";
import { getFromApi } from "./demo-api";
import { firstHeadingOf } from "./page-html";
import { DEMO_API_KEY, DEMO_STORE_KEY, migrateAndSeed, startStack, type E2eDatabase, type Stack } from "./stack";

/*
 * The whole shop while PostgreSQL stops and starts again under load (issue 13, section 2): shoppers keep asking
 * for pages through the storefront and adding to new baskets through the API. While the database is away every
 * page answers the "back shortly" page with 503 and Retry-After and every write 503 (never a 500); the
 * storefront's readiness says not ready while its liveness stays up; within 10 s of the database's return pages
 * answer 200 again; and every write that was acknowledged is there afterwards. The database is a PostgreSQL
 * server of this file's own (initdb and pg_ctl on a free port), never the server the other tests share.
 */

const RECOVERY_BOUND_MS = 10_000;
const SHOPPERS = 4;

let cluster: PostgresCluster;
let stack: Stack;
beforeAll(async () => {
  cluster = await startPostgresCluster();
  const admin = new pg.Client({ connectionString: cluster.url() });
  await admin.connect();
  await admin.query('CREATE DATABASE "quire"').finally(() => admin.end());
  const database: E2eDatabase = {
    kind: "postgres",
    source: "quire",
    env: { DATABASE_URL: cluster.url("quire") },
    async execute(statement, params) {
      const client = new pg.Client({ connectionString: cluster.url("quire") });
      await client.connect();
      await client.query(statement, params).finally(() => client.end());
    },
    // The cluster goes with the file (afterAll).
    drop: async () => {},
  };
  await migrateAndSeed(database, "database-outage-seed");
  // Shop-wide data (settings, categories, menu) kept as in production, so that while the database is away each
  // page is refused by its own loader's calls, not by the first start-up call of the request.
  stack = await startStack({ name: "database-outage", database, env: { CACHE_TTL_SECONDS: "300" } });
}, 240_000);
afterAll(async () => {
  await stack?.stop();
  await cluster?.destroy();
});

/** One request of the load and what came of it; `status` 0 when no answer came at all. */
interface Outcome {
  kind: "page" | "write";
  path: string;
  startedAt: number;
  endedAt: number;
  status: number;
  retryAfter: string | null;
  heading: string | null;
  errorCodes: string[];
  /** The basket an acknowledged write created. */
  anonymousId: string | null;
}

const API_HEADERS = { "API-Key": DEMO_API_KEY, StoreKey: DEMO_STORE_KEY, accept: "application/json" };

async function requestPage(storefrontUrl: string, path: string): Promise<Omit<Outcome, "startedAt" | "endedAt">> {
  const response = await fetch(`${storefrontUrl}${path}`).catch(() => null);
  if (!response) return { kind: "page", path, status: 0, retryAfter: null, heading: null, errorCodes: [], anonymousId: null };
  const html = await response.text();
  return {
    kind: "page",
    path,
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    heading: firstHeadingOf(html),
    errorCodes: [],
    anonymousId: null,
  };
}

async function addToNewBasket(apiUrl: string, productVariantId: number): Promise<Omit<Outcome, "startedAt" | "endedAt">> {
  const path = "/baskets";
  const response = await fetch(`${apiUrl}${path}`, {
    method: "PUT",
    headers: { ...API_HEADERS, "content-type": "application/json" },
    body: JSON.stringify({ productVariantId, quantity: 1 }),
  }).catch(() => null);
  if (!response) return { kind: "write", path, status: 0, retryAfter: null, heading: null, errorCodes: [], anonymousId: null };
  const body = (await response.json().catch(() => null)) as { errors?: { code: string }[] } | null;
  return {
    kind: "write",
    path,
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    heading: null,
    errorCodes: body?.errors?.map((error) => error.code) ?? [],
    anonymousId: response.ok ? CartResponseSchema.parse(body).data.anonymousId : null,
  };
}

/**
 * Shoppers asking in turn for the home page, the store and a product page, each followed by an add to a new
 * basket, until stopped. Every outcome is recorded and announced ("outcome"), so the test waits on them.
 */
function startLoad(pages: string[], productVariantId: number) {
  const outcomes: Outcome[] = [];
  const news = new EventEmitter();
  news.setMaxListeners(0);
  let running = true;
  const shoppers = Array.from({ length: SHOPPERS }, async (_, shopper) => {
    for (let turn = shopper; running; turn++) {
      for (const next of [
        () => requestPage(stack.storefrontUrl, pages[turn % pages.length]!),
        () => addToNewBasket(stack.apiUrl, productVariantId),
      ]) {
        const startedAt = Date.now();
        const outcome = await next();
        outcomes.push({ ...outcome, startedAt, endedAt: Date.now() });
        news.emit("outcome");
      }
    }
  });
  /** Resolves once `count` outcomes `match` accepts have been recorded. */
  async function until(what: string, match: (outcome: Outcome) => boolean, count: number, timeoutMs = 30_000) {
    const deadline = AbortSignal.timeout(timeoutMs);
    while (outcomes.filter(match).length < count) {
      await once(news, "outcome", { signal: deadline }).catch(() => {
        throw new Error(`${what}: fewer than ${count} within ${timeoutMs} ms; last outcomes: ${JSON.stringify(outcomes.slice(-8))}`);
      });
    }
  }
  return {
    outcomes,
    until,
    async stop() {
      running = false;
      await Promise.all(shoppers);
    },
  };
}

const browser = sessionPerTest();

describe("the shop while PostgreSQL stops and starts again under load", () => {
  it("answers 'back shortly' with 503 while it is away, 200 within 10 s of its return, and loses no acknowledged write", async () => {
    const { data: products } = await getFromApi("/products", ListProductsResponseSchema, {
      apiUrl: stack.apiUrl,
      query: { PageSize: 24 },
      headers: API_HEADERS,
    });
    // A book in stock, so every add is accepted while the database is up.
    const product = products.results.find((summary) => summary.stock?.status === "InStock" && summary.variantCount === 1)!;
    expect(product, "a single-variant book in stock in the demo shop").toBeDefined();
    const pages = ["/", "/store", `/store/product/${product.slug}`];
    const load = startLoad(pages, product.defaultVariantId);
    let stoppedAt = 0;
    let restartAt = 0;
    let restartedAt = 0;
    try {
      // Everything answers while the database is up.
      await load.until("pages served before the stop", (o) => o.kind === "page" && o.status === 200, SHOPPERS * 2);

      await cluster.stop();
      stoppedAt = Date.now();
      const whileAway = (o: Outcome) => o.startedAt > stoppedAt && restartAt === 0;
      await load.until("pages answered while the database is away", (o) => whileAway(o) && o.kind === "page", 12);
      await load.until("writes answered while the database is away", (o) => whileAway(o) && o.kind === "write", 6);

      // Readiness says not ready; liveness stays up, so no orchestrator restarts a healthy process.
      const [live, ready] = await Promise.all([fetch(`${stack.storefrontUrl}/health`), fetch(`${stack.storefrontUrl}/health/ready`)]);
      expect(live.status).toBe(200);
      expect(ready.status).toBe(503);

      // A shopper's browser sees the page, in the shop's own frame, with nothing for assistive technology to trip on.
      const { page } = browser;
      const answer = await page.goto(`${stack.storefrontUrl}/store`);
      expect(answer?.status()).toBe(503);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toContain("We'll be back shortly");
      await expectNoSeriousA11yViolations(page);
      expectNoPageProblems(browser);

      restartAt = Date.now();
      await cluster.start();
      restartedAt = Date.now();
      await load.until(
        "a page served after the database's return",
        (o) => o.kind === "page" && o.status === 200 && o.startedAt > restartedAt,
        1,
        RECOVERY_BOUND_MS + 5_000,
      );
      const recovered = load.outcomes.find((o) => o.kind === "page" && o.status === 200 && o.startedAt > restartedAt)!;
      expect(recovered.endedAt - restartedAt, "ms from the database's return to a served page").toBeLessThanOrEqual(RECOVERY_BOUND_MS);
      const recoveredAt = recovered.endedAt;
      // And it stays served: every shopper's next pages and writes succeed.
      await load.until("pages and writes after recovery", (o) => o.startedAt > recoveredAt && o.status === 200, SHOPPERS * 4);
    } finally {
      await load.stop();
    }

    const { outcomes } = load;
    // Never a 500, nor a connection the storefront or the API dropped: only answers, and only these.
    expect(outcomes.filter((o) => ![200, 503].includes(o.status))).toEqual([]);

    const away = outcomes.filter((o) => o.startedAt > stoppedAt && o.endedAt < restartAt);
    expect(away.length).toBeGreaterThanOrEqual(18);
    for (const outcome of away) {
      expect(outcome, "an answer while the database was away").toMatchObject({ status: 503, retryAfter: expect.stringMatching(/^\d+$/) });
      if (outcome.kind === "page") expect(outcome.heading).toContain("We'll be back shortly");
      else expect(outcome.errorCodes).toEqual(["service_unavailable"]);
    }

    // No acknowledged write is lost: each basket the API said it made holds its line.
    const acknowledged = outcomes.filter((o) => o.kind === "write" && o.status === 200);
    expect(acknowledged.some((o) => o.endedAt < stoppedAt) && acknowledged.some((o) => o.startedAt > restartedAt)).toBe(true);
    for (const write of acknowledged) {
      const { data: cart } = await getFromApi("/baskets", CartResponseSchema, {
        apiUrl: stack.apiUrl,
        query: { anonymousId: write.anonymousId },
        headers: API_HEADERS,
      });
      expect(
        cart.lineItems.map((line) => [line.variant.id, line.quantity]),
        `basket ${write.anonymousId}`,
      ).toEqual([[product.defaultVariantId, 1]]);
    }
  });
});
