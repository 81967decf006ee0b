import { randomBytes } from "node:crypto";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterEach, beforeEach, expect } from "vitest";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { chromiumPath } from "./browser-path";

/**
 * The flags Debian's Chromium runs with on the CI machine: headless, no sandbox or GPU, no background traffic.
 * V8's lite mode leaves a page's scripts to the interpreter, without the optimising compilers: a journey's page
 * lives for a second or two, not long enough for optimised code to pay back its compilation (four heavy journey
 * files took 4% less CPU with it, 76 CPU-seconds against 79-81).
 */
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--js-flags=--lite-mode",
];

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions and console errors in the page (a hydration mismatch lands here). */
  problems: string[];
  close(): Promise<void>;
}

const executablePath = chromiumPath;

/** Records the page's uncaught exceptions and console errors into `problems`. */
function watchForProblems(page: Page, problems: string[]) {
  page.on("pageerror", (error) => problems.push(`uncaught ${error.name}: ${error.message}`));
  page.on("console", (message) => {
    // A 404 or 301 answer for a page the test asked for is logged as a failed resource; it is not a bug.
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
      problems.push(`console.error: ${message.text()}`);
    }
  });
}

/**
 * The Chromium of this test worker: launched by the first session a file opens, then kept for every file the
 * worker runs after it (a worker runs file after file, vitest.config.ts). A launch costs about 0.6 s of CPU, and
 * the journeys opened some 110 browsers a run, two per file that tests with and without JavaScript. Nothing
 * passes between sessions through it: each session is a context of its own, whose cookies, storage and cache
 * start empty and are dropped when it closes. Playwright ends the browser when the worker exits; a browser that
 * crashed or was closed is launched anew by the next session.
 */
let workerBrowser: Promise<Browser> | undefined;

function browserOfThisWorker(): Promise<Browser> {
  if (!workerBrowser) {
    const launching = chromium.launch({ executablePath: executablePath(), args: CHROMIUM_ARGS });
    workerBrowser = launching;
    launching.then(
      (browser) =>
        browser.once("disconnected", () => {
          if (workerBrowser === launching) workerBrowser = undefined;
        }),
      () => {
        if (workerBrowser === launching) workerBrowser = undefined;
      },
    );
  }
  return workerBrowser;
}

/**
 * An address of the benchmarking range (198.18.0.0/15) for one shopper. The API keeps some limits per client
 * address (identity emails, failed sign-ins, contact messages); the shared stack's storefront stands as behind a
 * proxy on this machine (STOREFRONT_TRUST_PROXY=loopback, global-setup.ts) and believes the X-Forwarded-For each
 * browser context sends, so each journey is a shopper of its own there, as on the internet, rather than every
 * browser being 127.0.0.1. A stack of a file's own trusts no proxy: its browsers stay 127.0.0.1.
 */
export function newClientAddress(): string {
  const [high, low] = randomBytes(2);
  return `198.18.${high}.${low}`;
}

/** A new context and page on the worker's browser, its problems recorded. */
async function newSession(options: { javaScriptEnabled?: boolean }): Promise<BrowserSession> {
  const context = await (
    await browserOfThisWorker()
  ).newContext({
    // false: a shopper without JavaScript, for the journeys that must work on server-rendered forms alone.
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    extraHTTPHeaders: { "X-Forwarded-For": newClientAddress() },
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const problems: string[] = [];
  watchForProblems(page, problems);
  let closed = false;
  return {
    context,
    page,
    problems,
    async close() {
      if (closed) return;
      closed = true;
      await context.close();
    },
  };
}

/**
 * A fresh session for each test of the file that calls it (at the top level or in a describe): for each test a
 * new context, so no cookie, storage or cache passes from one test to the next and no test depends on another
 * having run. Read `page`, `context` and `problems` inside a test or a hook; they are the running test's.
 */
export function sessionPerTest(options: { javaScriptEnabled?: boolean } = {}): BrowserSession {
  let current: BrowserSession | undefined;
  beforeEach(async () => {
    current = await newSession(options);
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  const running = () => {
    if (!current) throw new Error("sessionPerTest(): the session exists only while a test (or its beforeEach) runs");
    return current;
  };
  return {
    get context() {
      return running().context;
    },
    get page() {
      return running().page;
    },
    get problems() {
      return running().problems;
    },
    close: async () => {},
  };
}

/** A session of its own for a test that needs several, or one that outlives a test (sessionPerTest is simpler). */
export function openBrowser(options: { javaScriptEnabled?: boolean } = {}): Promise<BrowserSession> {
  return newSession(options);
}

/** Fails when the page threw or logged an error since the session opened. */
export function expectNoPageProblems(session: BrowserSession) {
  expect(session.problems, "errors in the browser console").toEqual([]);
}

/**
 * Waits until React Router has taken the page over and React has committed it (two frames later its effects
 * have run): a click before that would post the plain form, and a check of what the scripts did would be early.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Where the pictures of screens go when asked for: test-results/screenshots, beside the stacks' logs. */
const SCREENSHOT_DIR = path.resolve(import.meta.dirname, "..", "..", "..", "..", "test-results", "screenshots");

/**
 * A picture of the page for a person to look at, as test-results/screenshots/<name>.png, taken when the
 * environment says `SCREENSHOTS=1` (`SCREENSHOTS=1 npm run test:e2e`). No test reads them, and a full-page
 * picture costs the browser up to a second on a busy core, so `npm test` takes none.
 */
export async function screenshotForReview(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  if (process.env.SCREENSHOTS !== "1") return;
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: options.fullPage ?? true });
}
