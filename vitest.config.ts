import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

// The storefront imports its own modules as "~/..." (apps/storefront/tsconfig.json).
const storefrontAlias = { "~": fileURLToPath(new URL("./apps/storefront/app", import.meta.url)) };

// Three depths of test: unit beside the code, API against PostgreSQL, browser journeys.
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: storefrontAlias },
        test: {
          name: "unit",
          include: [
            "packages/*/src/**/*.test.ts",
            "apps/*/app/**/*.test.{ts,tsx}",
            "apps/api/src/**/*.unit.test.ts",
            "scripts/**/*.test.ts",
            "apps/payment-sandbox/src/**/*.test.ts",
          ],
          // The topology test starts a whole deployment: it is a project of its own (below).
          exclude: [...configDefaults.exclude, "scripts/topology/**"],
          setupFiles: ["./vitest.setup.ts"],
          // `npm test` runs the unit tests beside the browser journeys on two cores: a test that takes a
          // second alone (loading ESLint, generating fuzz requests) can take several there.
          testTimeout: 20_000,
          // A worker runs file after file in one process (a fresh process per file cost 80 of the project's 110
          // seconds). A file that reads the environment or process-wide state at import takes its own copy of
          // those modules (vi.resetModules, then import), and every file restores the globals it stubs.
          isolate: false,
        },
      },
      {
        test: {
          name: "api",
          // `npm test` runs the API tests, the journeys and the topology in one run, one project after the other
          // (groupOrder 1, 2, 3): the run starts every project's global setup first, so the journeys' shared stack
          // and template are ready by the time the API tests end, and their teardowns run once at the end.
          sequence: { groupOrder: 1 },
          include: ["apps/api/src/**/*.test.ts"],
          exclude: ["apps/api/src/**/*.unit.test.ts"],
          globalSetup: ["./apps/api/src/testing/global-setup.ts"],
          setupFiles: ["./vitest.setup.ts"],
          // Bounds for a machine whose two cores also run the browser journeys: with a load average of 12-16, an
          // embedded PGlite (WebAssembly) takes six to ten times as long to open, migrate and query as alone, and
          // hooks that seed a shop or start servers past a minute. A test waits on its signal; these only say
          // when to give up.
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // A test file spends much of its time waiting on PostgreSQL, a process of its own: two files at a
          // time keep a core busy beside the browser journeys (three starved the longest test, the OpenAPI
          // fuzz, past its time-out). Each file has its own database and a pool of up to 20 connections.
          maxWorkers: 2,
          // A worker runs file after file in one process, like the unit tests: loading the API's modules afresh
          // for each of 89 files took 184 of the project's 447 seconds (CI, 2026-11-30); sharing them, the project
          // took 272 s. Each file still has its own database and servers, and restores what it stubs. (Tried once
          // when the API tests ran beside the browser journeys, it was slower; they run alone now.)
          isolate: false,
        },
      },
      {
        // A journey may import the storefront's own pure modules (the product journey names a variant as the
        // page does), which import each other as "~/...".
        resolve: { alias: storefrontAlias },
        test: {
          name: "e2e",
          sequence: { groupOrder: 2 },
          include: ["apps/storefront/tests/e2e/**/*.e2e.ts", "apps/admin/tests/e2e/**/*.e2e.ts", "scripts/**/*.e2e.ts"],
          globalSetup: ["./apps/storefront/tests/e2e/global-setup.ts"],
          setupFiles: ["./vitest.setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // expect.poll waits on what a browser shows after a round trip to the storefront and the API: a second
          // (vitest's default) is not always enough on two busy cores, so it may wait as long as a page load.
          expect: { poll: { timeout: 15_000 } },
          // Two files at a time: a journey mostly waits on its browser and servers, so two share the
          // 2-core CI machine well (decision 021). Each file has its own browser sessions, and its own data or stack.
          maxWorkers: 2,
          // A worker keeps its modules from one file to the next (Playwright, axe, the stack harness): each
          // file still gets a new browser context per test (browser.ts keeps one Chromium per worker) and its own data.
          isolate: false,
        },
      },
      {
        test: {
          name: "topology",
          sequence: { groupOrder: 3 },
          include: ["scripts/topology/**/*.test.ts"],
          setupFiles: ["./vitest.setup.ts"],
          // Two PostgreSQL servers, HAProxy, seven Node processes and Chromium, started by the test on a
          // 2-core machine: the start alone takes a while, and so do the restarts the journey waits for.
          testTimeout: 240_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
