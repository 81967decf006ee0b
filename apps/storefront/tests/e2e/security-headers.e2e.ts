import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { expectNoPageProblems, sessionPerTest } from "./browser";
import { findProducts, isWellStocked, listProducts, masterOf } from "./cart-catalogue";
import { startLoneStorefront, stopProcess } from "./stack";

/**
 * Security headers on every kind of response the storefront gives (issue 6): pages, resource routes, static
 * files and error answers all carry a Content-Security-Policy whose scripts need this response's nonce,
 * frame-ancestors 'none', nosniff, a Referrer-Policy and a Permissions-Policy; HSTS only over HTTPS. In
 * Chromium the shop's pages raise no CSP violation and still hydrate. Plus robots.txt, /favicon.ico and the
 * web app manifest, served by the storefront itself.
 */
const storefrontUrl = inject("storefrontUrl");

/** The CSP as a map of directive to its values. */
function parseCsp(header: string | null): Map<string, string[]> {
  expect(header, "Content-Security-Policy").toBeTruthy();
  return new Map(
    header!
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

/** Fails unless `response` carries every header the storefront promises, and answers the CSP nonce. */
function expectSecurityHeaders(response: Response, label: string): string {
  const csp = parseCsp(response.headers.get("content-security-policy"));
  const scriptSrc = csp.get("script-src") ?? [];
  const nonce = scriptSrc.find((value) => /^'nonce-[A-Za-z0-9+/=]{16,}'$/.test(value));
  expect(nonce, `${label}: a nonce in script-src`).toBeDefined();
  expect(scriptSrc, label).not.toContain("'unsafe-inline'");
  expect(scriptSrc, label).not.toContain("'unsafe-eval'");
  expect(csp.get("default-src"), label).toEqual(["'self'"]);
  expect(csp.get("frame-ancestors"), label).toEqual(["'none'"]);
  expect(csp.get("object-src"), label).toEqual(["'none'"]);
  expect(csp.get("base-uri"), label).toEqual(["'self'"]);
  // Forms post to the shop; "Place order" without JavaScript may be redirected on to a gateway's payment page.
  expect(csp.get("form-action"), label).toEqual([
    "'self'",
    "https://checkout.stripe.com",
    "https://www.paypal.com",
    "https://www.sandbox.paypal.com",
    "https://*.adyen.link",
    "https://www.mollie.com",
  ]);
  expect(response.headers.get("x-frame-options"), label).toBe("DENY");
  expect(response.headers.get("x-content-type-options"), label).toBe("nosniff");
  expect(response.headers.get("referrer-policy"), label).toBe("strict-origin-when-cross-origin");
  const permissions = response.headers.get("permissions-policy") ?? "";
  for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) expect(permissions, label).toContain(`${feature}=()`);
  // Plain HTTP here: HSTS would lock a browser out of a shop with no HTTPS.
  expect(response.headers.get("strict-transport-security"), label).toBeNull();
  expect(response.headers.get("x-powered-by"), label).toBeNull();
  return nonce!.slice("'nonce-".length, -1);
}

/** A built script of the shop's, as the home page links it: a static file under /assets. */
async function aBuiltScript(): Promise<string> {
  const html = await (await fetch(`${storefrontUrl}/`)).text();
  const match = /<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/.exec(html);
  expect(match, "a modulepreload link on the home page").not.toBeNull();
  return match![1]!;
}

describe("security headers", () => {
  it.each([
    ["a page", "GET", "/", 200],
    ["a resource route", "GET", "/sitemap.xml", 200],
    ["robots.txt", "GET", "/robots.txt", 200],
    ["a static file", "GET", "/favicon.ico", 200],
    ["the not-found page", "GET", "/no/such/page", 404],
    ["a malformed address", "GET", "/store/%E0%A4%A", 400],
    ["a refused cross-site form", "POST", "/cart/add", 403],
  ])("are on %s (%s %s)", async (label, method, pathname, status) => {
    const response = await fetch(`${storefrontUrl}${pathname}`, { method, redirect: "manual", headers: { Origin: "http://evil.example" } });
    expect(response.status, label).toBe(status);
    expectSecurityHeaders(response, label);
    await response.body?.cancel();
  });

  it("are on the built scripts under /assets", async () => {
    const response = await fetch(`${storefrontUrl}${await aBuiltScript()}`);
    expect(response.status).toBe(200);
    expectSecurityHeaders(response, "a built script");
    await response.body?.cancel();
  });

  it("give each page a fresh nonce, carried by every inline script the page renders", async () => {
    const nonces = new Set<string>();
    for (const pathname of ["/", "/", "/store"]) {
      const response = await fetch(`${storefrontUrl}${pathname}`);
      const nonce = expectSecurityHeaders(response, pathname);
      nonces.add(nonce);
      const html = await response.text();
      const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map(([, attributes]) => attributes!);
      const executable = inlineScripts.filter((attributes) => !/type="application\/ld\+json"/.test(attributes));
      expect(executable.length, `inline scripts on ${pathname}`).toBeGreaterThan(0);
      for (const attributes of executable) expect(attributes, pathname).toContain(`nonce="${nonce}"`);
    }
    expect(nonces.size).toBe(3);
  });
});

describe("caching", () => {
  it("an answer that sets a cookie, and the pages of a shopper with a basket, are private, no-store", async () => {
    const anonymous = await fetch(`${storefrontUrl}/store`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get("cache-control")).not.toBe("private, no-store");

    const [book] = await findProducts(1, (product) => isWellStocked(masterOf(product)));
    const added = await fetch(`${storefrontUrl}/cart/add`, {
      method: "POST",
      headers: { Origin: storefrontUrl },
      body: new URLSearchParams({ productVariantId: String(masterOf(book!).id), quantity: "1", redirectTo: "/store" }),
      redirect: "manual",
    });
    expect(added.status).toBe(303);
    const cartCookie = added.headers.getSetCookie().find((cookie) => cookie.startsWith("quire_cart="));
    expect(cartCookie).toBeDefined();
    expect(added.headers.get("cache-control")).toBe("private, no-store");

    const withBasket = await fetch(`${storefrontUrl}/store`, { headers: { Cookie: cartCookie!.split(";")[0]! } });
    expect(withBasket.status).toBe(200);
    expect(withBasket.headers.get("cache-control")).toBe("private, no-store");
  });
});

// The shared stack's storefront stands as behind a proxy on this machine (global-setup.ts), so the default, a
// storefront told to trust none, runs on its own here.
describe("told to trust no proxy (the default)", () => {
  let lone: { server: ChildProcess; url: string } | undefined;
  beforeAll(async () => {
    // Empty even if the shell running the tests sets it.
    lone = await startLoneStorefront("untrusting-storefront", { STOREFRONT_TRUST_PROXY: "" });
  });
  afterAll(async () => {
    if (lone) await stopProcess(lone.server);
  });

  it("ignores X-Forwarded-Proto and X-Forwarded-Host from whoever sends them", async () => {
    const response = await fetch(`${lone!.url}/robots.txt`, {
      headers: { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "evil.example" },
    });
    expect(response.headers.get("strict-transport-security")).toBeNull();
    expect(await response.text()).toContain(`Sitemap: ${lone!.url}/sitemap.xml`);
  });
});

describe("behind a trusted proxy that terminates HTTPS", () => {
  let server: ChildProcess;
  let url: string;
  beforeAll(async () => {
    ({ server, url } = await startLoneStorefront("trusted-proxy-storefront", { STOREFRONT_TRUST_PROXY: "1" }));
  });
  afterAll(async () => {
    if (server) await stopProcess(server);
  });

  const viaProxy = (pathname: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(`${url}${pathname}`, {
      redirect: "manual",
      ...init,
      headers: { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "shop.example", ...init.headers },
    });

  it("sends HSTS and upgrades insecure requests only when the shopper came over HTTPS", async () => {
    const secure = await viaProxy("/robots.txt");
    expect(secure.headers.get("strict-transport-security")).toMatch(/^max-age=31536000/);
    expect(parseCsp(secure.headers.get("content-security-policy")).has("upgrade-insecure-requests")).toBe(true);
    expect(await secure.text()).toContain("Sitemap: https://shop.example/sitemap.xml");

    const plain = await fetch(`${url}/robots.txt`);
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    expect(parseCsp(plain.headers.get("content-security-policy")).has("upgrade-insecure-requests")).toBe(false);
    await plain.body?.cancel();
  });

  it("takes the storefront's own origin, for the cross-site check, from the proxy's headers", async () => {
    const ownForm = await viaProxy("/preferences", {
      method: "POST",
      headers: { Origin: "https://shop.example" },
      body: new URLSearchParams({ currencyCode: "EUR" }),
    });
    expect(ownForm.status).toBe(303);
    const downgraded = await viaProxy("/preferences", {
      method: "POST",
      headers: { Origin: "http://shop.example" },
      body: new URLSearchParams({ currencyCode: "EUR" }),
    });
    expect(downgraded.status).toBe(403);
    expect(downgraded.headers.getSetCookie()).toEqual([]);
    await Promise.all([ownForm.body?.cancel(), downgraded.body?.cancel()]);
  });
});

describe("in Chromium", () => {
  const browser = sessionPerTest();
  beforeEach(async () => {
    // Recorded from the first script of every page, before any of the page's own.
    await browser.context.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { __cspViolations: seen });
      document.addEventListener("securitypolicyviolation", (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`),
      );
    });
  });

  it("the shop's pages raise no CSP violation and hydrate: a link then navigates without reloading the page", async () => {
    const [book] = await listProducts({ PageSize: 1 });
    const pages = ["/", "/store/gift-books-for-her", `/store/product/${book!.slug}`, "/cart", "/auth/login", "/favorites"];
    const { page } = browser;
    for (const pathname of pages) {
      const response = await page.goto(`${storefrontUrl}${pathname}`);
      expect(response?.ok(), pathname).toBe(true);
      await page.waitForFunction(() => "__reactRouterDataRouter" in window);
      // A client-side navigation keeps the window (and this mark); a full page load would drop it.
      await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
      const [link, target] = pathname === "/" ? [/^Basket/, "/cart"] : ["Quire Books", "/"];
      await page.getByRole("banner").getByRole("link", { name: link }).first().click();
      await page.waitForURL(`${storefrontUrl}${target}`);
      expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument), `${pathname} hydrated`).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations), pathname).toEqual([]);
    }
    expectNoPageProblems(browser);
  });

  it("finds the icon and the web app manifest the page links to, served by the shop", async () => {
    const { page } = browser;
    await page.goto(`${storefrontUrl}/`);
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(manifestHref).toBe("/manifest.webmanifest");
    const manifestResponse = await page.request.get(`${storefrontUrl}${manifestHref}`);
    expect(manifestResponse.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
    const manifest = (await manifestResponse.json()) as { name: string; icons: { src: string }[] };
    expect(manifest.name).toBe("Quire Books");
    for (const icon of manifest.icons) expect((await page.request.get(`${storefrontUrl}${icon.src}`)).status(), icon.src).toBe(200);

    const ico = await page.request.get(`${storefrontUrl}/favicon.ico`);
    expect(ico.headers()["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expect([...(await ico.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(await page.locator('link[rel="icon"][href="/favicon.ico"]').count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);
    expectNoPageProblems(browser);
  });
});
