import { describe, expect, it } from "vitest";
import { judgeCrossSite } from "./cross-site";

const OWN = "https://shop.example";
const judge = (method: string, headers: Record<string, string>) =>
  judgeCrossSite({ method, url: `${OWN}/cart/add`, headers: new Headers(headers) });

describe("the cross-site rule", () => {
  it.each(["GET", "HEAD", "get"])("never checks %s, which only reads", (method) => {
    expect(judge(method, { "sec-fetch-site": "cross-site", origin: "https://evil.example" })).toEqual({ allowed: true });
  });

  it.each(["POST", "PUT", "PATCH", "DELETE", "post"])("checks %s", (method) => {
    expect(judge(method, { "sec-fetch-site": "cross-site" })).toMatchObject({ allowed: false });
  });

  it.each(["same-origin", "none"])("accepts Sec-Fetch-Site: %s", (site) => {
    expect(judge("POST", { "sec-fetch-site": site })).toEqual({ allowed: true });
  });

  it.each(["cross-site", "same-site", "bogus"])("refuses Sec-Fetch-Site: %s, whatever Origin says", (site) => {
    expect(judge("POST", { "sec-fetch-site": site, origin: OWN })).toEqual({ allowed: false, reason: `Sec-Fetch-Site: ${site}` });
  });

  it("without Sec-Fetch-Site, accepts the storefront's own Origin", () => {
    expect(judge("POST", { origin: OWN })).toEqual({ allowed: true });
  });

  it.each(["https://evil.example", "http://shop.example", "https://shop.example:8443", "https://sub.shop.example", "null", "garbage"])(
    "without Sec-Fetch-Site, refuses Origin %s",
    (origin) => {
      expect(judge("POST", { origin })).toMatchObject({ allowed: false });
    },
  );

  it("with neither header, believes only a Referer from the storefront itself", () => {
    expect(judge("POST", { referer: `${OWN}/store/product/a-book?x=1` })).toEqual({ allowed: true });
    expect(judge("POST", { referer: "https://evil.example/page" })).toEqual({ allowed: false, reason: "Referer from another origin" });
    expect(judge("POST", { referer: "not a url" })).toMatchObject({ allowed: false });
    expect(judge("POST", {})).toEqual({ allowed: false, reason: "no Sec-Fetch-Site, Origin or Referer" });
  });

  it("a same-origin Referer does not rescue a foreign Origin", () => {
    expect(judge("POST", { origin: "https://evil.example", referer: `${OWN}/` })).toMatchObject({ allowed: false });
  });

  it("takes the storefront's origin from the request URL (host and, behind a trusted proxy, scheme)", () => {
    const request = { method: "POST", url: "http://127.0.0.1:3000/preferences", headers: new Headers({ origin: "http://127.0.0.1:3000" }) };
    expect(judgeCrossSite(request)).toEqual({ allowed: true });
    expect(judgeCrossSite({ ...request, headers: new Headers({ origin: "http://localhost:3000" }) })).toMatchObject({ allowed: false });
  });
});
