/**
 * The cross-site rule for every request that may change something: every request other than GET and HEAD passes this
 * one check (decision 011). A shopper's cookies ride along with a form another site submits, so a POST is believed only
 * when the browser says it came from one of our own pages:
 *
 * 1. `Sec-Fetch-Site`, when present, decides: `same-origin` (our own page) or `none` (typed or bookmarked)
 *    is accepted, `same-site` and `cross-site` are refused. Browsers set it themselves and a page cannot
 *    forge it; a sibling subdomain is `same-site`, and may belong to someone else.
 * 2. Else `Origin` (browsers older than Sec-Fetch-Site still send it with every POST) must be our origin.
 * 3. Else, with neither header, only an old browser or a script is asking. A same-origin `Referer` is
 *    believed (our pages send one: strict-origin-when-cross-origin); anything else is refused, because a
 *    page can suppress its own Referer and must not win by doing so. Scripts send an Origin.
 *
 * "Our origin" is the request URL's: the Host header, and X-Forwarded-Proto/Host only when the server trusts
 * its proxy (each app's *_TRUST_PROXY setting, read by Express in its server.mjs).
 */

/** Methods that only read: never checked, since no loader writes (a prefetch may run one at any time). */
const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD"]);

export type CrossSiteVerdict = { allowed: true } | { allowed: false; reason: string };

export function judgeCrossSite(request: { method: string; url: string; headers: Headers }): CrossSiteVerdict {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return { allowed: true };
  const ownOrigin = new URL(request.url).origin;

  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite !== null) {
    return fetchSite === "same-origin" || fetchSite === "none"
      ? { allowed: true }
      : { allowed: false, reason: `Sec-Fetch-Site: ${fetchSite}` };
  }

  const origin = request.headers.get("origin");
  if (origin !== null) {
    return origin === ownOrigin ? { allowed: true } : { allowed: false, reason: `Origin ${origin} is not ${ownOrigin}` };
  }

  const referer = request.headers.get("referer");
  if (referer !== null && originOf(referer) === ownOrigin) return { allowed: true };
  return { allowed: false, reason: referer === null ? "no Sec-Fetch-Site, Origin or Referer" : "Referer from another origin" };
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
