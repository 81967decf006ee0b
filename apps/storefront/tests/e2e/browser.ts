import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { chromiumPath } from "./browser-path";

/** The flags Debian's Chromium runs with on the CI machine: headless, no sandbox or GPU, no background traffic. */
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
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
 * A fresh session for each test of the file that calls it (at the top level or in a describe): one Chromium
 * for those tests, and for each test a new context, so no cookie, storage or cache passes from one test to
 * the next and no test depends on another having run. Read `page`, `context` and `problems` inside a test
 * or a hook; they are the running test's.
 */
export function sessionPerTest(options: { javaScriptEnabled?: boolean } = {}): BrowserSession {
  let browser: Browser | undefined;
  let current: BrowserSession | undefined;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: executablePath(), args: CHROMIUM_ARGS });
  });
  beforeEach(async () => {
    const context = await browser!.newContext({ javaScriptEnabled: options.javaScriptEnabled ?? true });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const problems: string[] = [];
    watchForProblems(page, problems);
    current = { context, page, problems, close: () => context.close() };
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  afterAll(async () => {
    await browser?.close();
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

/**
 * The Chromium that open sessions share, launched by the first and closed with the last: a session is a
 * context of its own (its cookies, storage and cache start empty and go with it), and a file that keeps a
 * dozen sessions open runs one browser, not a dozen.
 */
let shared: { browser: Promise<Browser>; sessions: number } | undefined;

/** A session of its own for a test that needs several, or one that outlives a test (sessionPerTest is simpler). */
export async function openBrowser(options: { javaScriptEnabled?: boolean } = {}): Promise<BrowserSession> {
  const owner = (shared ??= { browser: chromium.launch({ executablePath: executablePath(), args: CHROMIUM_ARGS }), sessions: 0 });
  owner.sessions += 1;
  let context: BrowserContext;
  try {
    // false: a shopper without JavaScript, for the journeys that must work on server-rendered forms alone.
    context = await (await owner.browser).newContext({ javaScriptEnabled: options.javaScriptEnabled ?? true });
  } catch (error) {
    await release(owner);
    throw error;
  }
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
      await release(owner);
    },
  };
}

/** One session fewer on `owner`'s browser; the last one closes it (a session opened after that launches anew). */
async function release(owner: NonNullable<typeof shared>) {
  owner.sessions -= 1;
  if (owner.sessions > 0) return;
  if (shared === owner) shared = undefined;
  await (await owner.browser.catch(() => null))?.close();
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
