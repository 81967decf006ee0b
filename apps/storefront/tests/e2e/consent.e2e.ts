import { CONSENT_RECORD_CSV_COLUMNS } from "@quire/contracts";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { expectNoPageProblems, sessionPerTest, waitForHydration } from "./browser";
import { DEMO_STORE_KEY, SHARED_ADMIN_KEY, sharedApiWithStorefront, type Stack } from "./stack";
import { startTagManagerStandIn, type TagManagerStandIn } from "./tag-manager-stand-in";

/*
 * Cookie consent and the tag manager (issue 12, sections 2 and 3): the banner until a choice, its three ways out,
 * the settings page, and the tag manager loaded (and page views pushed) only with analytics consent. A storefront
 * of its own on the shared API, with a container id and a local stand-in for the tag manager's script.
 */

const TAG_MANAGER_ID = "GTM-QUIRE12";
let tagManager: TagManagerStandIn;
let stack: Stack;
beforeAll(async () => {
  tagManager = await startTagManagerStandIn();
  stack = await sharedApiWithStorefront({
    name: "consent",
    storefrontEnv: { TAG_MANAGER_ID, TAG_MANAGER_SCRIPT_URL: tagManager.scriptUrl },
  });
});
afterAll(async () => {
  await stack?.stop();
  await tagManager?.close();
});

const dataLayerOf = (page: Page) => page.evaluate(() => (window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer);
const pageViews = async (page: Page) => ((await dataLayerOf(page)) ?? []).filter((entry) => entry.event === "content-view");

/** Waits until the stand-in's script ran: the tag manager loaded. */
async function tagManagerLoaded(page: Page): Promise<string> {
  const handle = await page.waitForFunction(() => (window as unknown as { tagManagerStandIn?: { id: string } }).tagManagerStandIn?.id);
  return (await handle.jsonValue()) as string;
}

/** The page is hydrated and its effects ran, so anything they would push is pushed. */
const hydrated = waitForHydration;

/**
 * This browser's consent records (decision 060), as the merchant's export has them: the consent id its cookie
 * keeps, looked up in the records of yesterday to tomorrow (whatever the hour, today in the shop's time zone).
 */
async function consentRecordsOf(context: BrowserContext) {
  const cookie = (await context.cookies()).find((candidate) => candidate.name === "cookie_consent");
  // React Router's cookie value: the JSON in base64, URL-encoded.
  const { id } = JSON.parse(atob(decodeURIComponent(cookie!.value))) as { id: string };
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const response = await fetch(`${stack.apiUrl}/admin/consent-records?from=${day(-1)}&to=${day(1)}`, {
    headers: { "Admin-Key": SHARED_ADMIN_KEY, StoreKey: DEMO_STORE_KEY },
  });
  expect(response.status).toBe(200);
  // No cell of these records holds a comma or a quote: the version, the id, the words are plain.
  const rows = (await response.text())
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => Object.fromEntries(line.split(",").map((cell, index) => [CONSENT_RECORD_CSV_COLUMNS[index], cell])));
  return rows.filter((row) => row.subject === id).map(({ kind, source, analytics, marketing }) => ({ kind, source, analytics, marketing }));
}

/** Accept all on the banner, then a withdrawal in one step on the settings page: two records of this browser. */
const ACCEPTED_THEN_WITHDRAWN = [
  { kind: "cookies", source: "banner", analytics: "true", marketing: "true" },
  { kind: "cookies", source: "settings_page", analytics: "false", marketing: "false" },
];

describe("the cookie banner", () => {
  const browser = sessionPerTest();

  it("asks on the first visit, and reject all keeps the tag manager out for good", async () => {
    const { page, context } = browser;
    const before = tagManager.requests.length;
    await page.goto(`${stack.storefrontUrl}/`);
    const banner = page.getByRole("dialog", { name: "Cookies on this shop" });
    await banner.waitFor();
    await expect(banner.getByRole("link", { name: "cookie settings" }).getAttribute("href")).resolves.toBe("/cookies-settings");
    expect(await banner.getByRole("button", { name: /close/i }).count(), "the banner cannot be closed").toBe(0);
    await expectNoSeriousA11yViolations(page);

    await banner.getByRole("button", { name: "Reject all" }).click();
    await page.getByText("Only the cookies the shop needs to work are used.").waitFor();
    expect(await banner.count()).toBe(0);
    expect(new URL(page.url()).pathname, "back on the page the shopper was on").toBe("/");
    const consent = (await context.cookies()).find((cookie) => cookie.name === "cookie_consent");
    expect(consent?.httpOnly).toBe(true);

    await page.getByRole("link", { name: "Trending", exact: true }).first().click();
    await page.waitForURL(/\/store\//);
    await hydrated(page);
    expect(await dataLayerOf(page), "nothing is pushed after reject all").toBeUndefined();
    expect(tagManager.requests.length, "the tag manager's script was never asked for").toBe(before);
    expectNoPageProblems(browser);
  });

  it("accept all loads the tag manager with the container id, and each route change pushes a page view", async () => {
    const { page } = browser;
    await page.goto(`${stack.storefrontUrl}/store`);
    await hydrated(page);
    expect(await dataLayerOf(page), "nothing is pushed before consent").toBeUndefined();

    const response = page.waitForResponse((answer) => answer.request().isNavigationRequest() && answer.url().endsWith("/store"));
    await page.getByRole("dialog", { name: "Cookies on this shop" }).getByRole("button", { name: "Accept all" }).click();
    const csp = (await (await response).allHeaders())["content-security-policy"] ?? "";
    expect(csp, "the policy admits the tag manager once analytics consent is given").toContain(`script-src 'self' 'nonce-`);
    expect(csp).toContain(tagManager.origin);
    expect(await tagManagerLoaded(page)).toBe(TAG_MANAGER_ID);
    expect(tagManager.requests.at(-1)).toBe(`/gtm.js?id=${TAG_MANAGER_ID}`);
    expect(await pageViews(page)).toEqual([{ event: "content-view", routeName: "store", fullPath: "/store" }]);

    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2", exact: true }).click();
    await page.waitForURL(/\/store\?/);
    await expect.poll(() => pageViews(page)).toHaveLength(2);
    const [, second] = await pageViews(page);
    const { pathname, search } = new URL(page.url());
    expect(second).toEqual({ event: "content-view", routeName: "store", fullPath: `${pathname}${search}` });

    // Withdrawn as easily: one button on the settings page. The records keep both decisions of this browser.
    await page.goto(`${stack.storefrontUrl}/cookies-settings`);
    await page.getByRole("button", { name: "Reject all" }).click();
    await page.getByText("Your choice: analytics off, marketing off.").waitFor();
    expect(await consentRecordsOf(browser.context)).toEqual(ACCEPTED_THEN_WITHDRAWN);
    expectNoPageProblems(browser);
  });

  it("manage leads to the settings page, which has no banner and saves each choice", async () => {
    const { page } = browser;
    await page.goto(`${stack.storefrontUrl}/store`);
    await page.getByRole("dialog", { name: "Cookies on this shop" }).getByRole("link", { name: "Manage" }).click();
    await page.getByRole("heading", { level: 1, name: "Cookie settings" }).waitFor();
    expect(await page.getByRole("dialog", { name: "Cookies on this shop" }).count(), "no banner on the settings page").toBe(0);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("checkbox", { name: /Marketing/ }).check();
    await page.getByRole("button", { name: "Save my choices" }).click();
    await page.getByText("Your choice: analytics off, marketing on.").waitFor();
    await hydrated(page);
    expect(await dataLayerOf(page), "marketing alone loads no analytics").toBeUndefined();

    await page.getByRole("checkbox", { name: /Analytics/ }).check();
    await page.getByRole("button", { name: "Save my choices" }).click();
    await page.getByText("Your choice: analytics on, marketing on.").waitFor();
    expect(await tagManagerLoaded(page)).toBe(TAG_MANAGER_ID);
    expect(await pageViews(page)).toEqual([{ event: "content-view", routeName: "cookies-settings", fullPath: "/cookies-settings" }]);

    // Changeable at any time: from the footer, analytics off again.
    await page.goto(`${stack.storefrontUrl}/`);
    await page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click();
    await page.getByRole("checkbox", { name: /Analytics/ }).uncheck();
    await page.getByRole("button", { name: "Save my choices" }).click();
    await page.getByText("Your choice: analytics off, marketing on.").waitFor();
    await hydrated(page);
    expect(await dataLayerOf(page)).toBeUndefined();
    expectNoPageProblems(browser);
  });

  it("loads no tag manager on an address that carries an emailed link's token, with analytics consent", async () => {
    const { page } = browser;
    await page.goto(`${stack.storefrontUrl}/cookies-settings`);
    await page.getByRole("button", { name: "Accept all" }).click();
    await tagManagerLoaded(page);
    const before = tagManager.requests.length;
    for (const path of ["/auth/reset-password/not-a-real-token-0123456789", "/order-status/1.1790000000.not-a-real-signature"]) {
      await page.goto(`${stack.storefrontUrl}${path}`);
      await hydrated(page);
      expect(await dataLayerOf(page), path).toBeUndefined();
      expect(await page.evaluate(() => "tagManagerStandIn" in window), path).toBe(false);
    }
    expect(tagManager.requests.length, "the tag manager's script was never fetched").toBe(before);

    // The next ordinary page loads it again.
    await page.goto(`${stack.storefrontUrl}/store`);
    expect(await tagManagerLoaded(page)).toBe(TAG_MANAGER_ID);
  });
});

describe("the cookie banner without JavaScript", () => {
  const browser = sessionPerTest({ javaScriptEnabled: false });

  it("accept all, reject all and manage all work as plain forms and links, and both decisions are recorded", async () => {
    const { page, context } = browser;
    await page.goto(`${stack.storefrontUrl}/store`);
    await page.getByRole("dialog", { name: "Cookies on this shop" }).getByRole("button", { name: "Accept all" }).click();
    await page.waitForURL(`${stack.storefrontUrl}/store`);
    expect(await page.getByRole("dialog", { name: "Cookies on this shop" }).count()).toBe(0);
    expect((await context.cookies()).some((cookie) => cookie.name === "cookie_consent")).toBe(true);
    await page.goto(`${stack.storefrontUrl}/cookies-settings`);
    await page.getByText("Your choice: analytics on, marketing on.").waitFor();
    await page.getByRole("button", { name: "Reject all" }).click();
    await page.getByText("Your choice: analytics off, marketing off.").waitFor();
    expect(await consentRecordsOf(context)).toEqual(ACCEPTED_THEN_WITHDRAWN);
  });
});

describe("the cookies the shop sets", () => {
  it("records the choice with the locale cookie i18n_redirected=en for a year, path /, SameSite=Lax; a page alone sets none", async () => {
    const page = await fetch(`${stack.storefrontUrl}/`);
    expect(page.headers.getSetCookie(), "an answer that sets no cookie can be cached").toEqual([]);
    const chosen = await fetch(`${stack.storefrontUrl}/cookies-settings`, {
      method: "POST",
      body: new URLSearchParams({ intent: "reject-all" }),
      headers: { Origin: stack.storefrontUrl, Referer: `${stack.storefrontUrl}/about` },
      redirect: "manual",
    });
    expect(chosen.status).toBe(303);
    expect(chosen.headers.get("location"), "back to the page the banner was on").toBe("/about");
    const cookies = chosen.headers.getSetCookie();
    // Secure as every cookie of a production storefront (browsers take it on http://localhost too).
    expect(cookies.find((cookie) => cookie.startsWith("i18n_redirected="))).toMatch(
      /^i18n_redirected=en; Max-Age=31536000; Path=\/; SameSite=Lax(; Secure)?$/,
    );
    const consent = cookies.find((cookie) => cookie.startsWith("cookie_consent="))!;
    for (const attribute of ["Max-Age=31536000", "Path=/", "HttpOnly", "SameSite=Lax"]) expect(consent).toContain(`; ${attribute}`);
  });

  it("leaves the banner out of a page loaded into a frame", async () => {
    const framed = await (await fetch(`${stack.storefrontUrl}/`, { headers: { "Sec-Fetch-Dest": "iframe" } })).text();
    const top = await (await fetch(`${stack.storefrontUrl}/`, { headers: { "Sec-Fetch-Dest": "document" } })).text();
    expect(top).toContain('class="cookie-banner"');
    expect(framed).not.toContain('class="cookie-banner"');
  });

  it("names no third party in the policy of a visitor who has not consented", async () => {
    const response = await fetch(`${stack.storefrontUrl}/`);
    expect(response.headers.get("content-security-policy")).not.toContain(tagManager.origin);
  });
});
