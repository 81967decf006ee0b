import { expect } from "vitest";

/*
 * Anonymous views of public pages, as a browser without JavaScript makes them, for the journeys of the page caches
 * (decision 064): the storefront's memory (page-cache.e2e.ts) and Varnish in front (varnish.e2e.ts). `origin` is
 * whichever answers: the storefront itself or the cache in front of it.
 */

/** A view of `path` at `origin`, with a Cookie header when given (fetch decompresses the answer). */
export async function viewPage(origin: string, path: string, cookie?: string) {
  const response = await fetch(`${origin}${path}`, {
    headers: { Accept: "text/html", "Accept-Encoding": "br, gzip", ...(cookie ? { Cookie: cookie } : {}) },
  });
  return { response, html: await response.text() };
}

/** Waits until `origin` answers `path` from what it keeps (`X-Cache: HIT`): from the moment it hears the API's changes. */
export async function untilKept(origin: string, path: string): Promise<void> {
  await expect.poll(async () => (await viewPage(origin, path)).response.headers.get("x-cache"), { timeout: 15_000 }).toBe("HIT");
}

/** Waits until the page of `path` at `origin` shows `text`: a change forgets it within a second of the API's word. */
export async function untilShown(origin: string, path: string, text: string, timeout = 5_000): Promise<void> {
  await expect.poll(async () => (await viewPage(origin, path)).html.includes(text), { timeout, interval: 100 }).toBe(true);
}

/** The consent cookie of a shopper who allowed analytics: their pages carry events of their own views, never shared. */
export function analyticsConsentCookie(): string {
  const consent = Buffer.from(JSON.stringify({ v: 1, id: "consent-id-of-this-browser", analytics: true, marketing: false })).toString(
    "base64",
  );
  return `cookie_consent=${encodeURIComponent(consent)}`;
}

/** The `script-src` of an answer's Content-Security-Policy. */
export function scriptSourcesOf(response: Response): string {
  return /script-src ([^;]+)/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? "";
}
