const BASE = "http://quire.invalid";

/**
 * A same-site path to send the shopper back to, or `fallback`. Only relative paths of this site pass:
 * no scheme, no protocol-relative "//host", no backslashes (browsers read "/\host" as "//host"), no
 * control characters. This is what stops /preferences and sign-in from becoming open redirects.
 */
export function getSafeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return fallback;
  if (!value.startsWith("/") || value.startsWith("//")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The Referer's path when it comes from this same origin (the no-JavaScript fallback), else undefined. */
export function getSameOriginRefererPath(request: Request): string | undefined {
  const referer = request.headers.get("Referer");
  if (!referer) return undefined;
  try {
    const from = new URL(referer);
    if (from.origin !== new URL(request.url).origin) return undefined;
    return `${from.pathname}${from.search}`;
  } catch {
    return undefined;
  }
}
