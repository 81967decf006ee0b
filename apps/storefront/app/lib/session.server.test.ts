import { describe, expect, it } from "vitest";
import {
  clearTokenCookieHeader,
  hasUnreadableTokenCookie,
  isTokenExpired,
  readSession,
  readTokenExpiry,
  signedOutCookieHeaders,
  tokenCookie,
  tokenCookieHeader,
} from "./session.server";

/** An unsigned token with these claims: the storefront only reads `exp`, the API checks the signature. */
function tokenWith(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "HS256", typ: "JWT" })}.${part(claims)}.c2lnbmF0dXJlLXBsYWNlaG9sZGVy`;
}

describe("the sign-in token's expiry", () => {
  const now = new Date("2026-01-01T12:00:00Z");
  const exp = Math.floor(now.getTime() / 1000);

  it("reads the exp claim", () => {
    expect(readTokenExpiry(tokenWith({ sub: "1", exp }))).toEqual(now);
  });

  it("counts a token as expired from its exp on, and a token without a readable exp as not (the API decides)", () => {
    expect(isTokenExpired(tokenWith({ exp: exp + 60 }), now)).toBe(false);
    expect(isTokenExpired(tokenWith({ exp }), now)).toBe(true);
    expect(isTokenExpired(tokenWith({ exp: exp - 60 }), now)).toBe(true);
    expect(isTokenExpired(tokenWith({ sub: "1" }), now)).toBe(false);
    expect(isTokenExpired("not-a-jwt-at-all-but-long-enough", now)).toBe(false);
    expect(isTokenExpired("a.%%%.c", now)).toBe(false);
  });

  it("keeps the cookie as long as the token lives, and reads it back", async () => {
    const token = tokenWith({ sub: "1", exp: exp + 3600 });
    const header = await tokenCookieHeader(token, now);
    expect(header).toMatch(/Max-Age=3600/);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    const session = await readSession(new Request("http://shop.test/", { headers: { Cookie: header.split(";")[0]! } }));
    expect(session.token).toBe(token);
  });

  it("clears the cookie at sign-out", async () => {
    expect(await clearTokenCookieHeader()).toMatch(/^quire_token=; .*Max-Age=0/);
  });

  it("signs out by clearing the token and the guest cart's id together", async () => {
    const cookies = await signedOutCookieHeaders();
    expect(cookies).toHaveLength(2);
    expect(cookies[0]).toMatch(/^quire_token=; .*Max-Age=0/);
    expect(cookies[1]).toMatch(/^quire_cart=; .*Max-Age=0/);
  });
});

describe("a token cookie that holds no token", () => {
  const requestWith = (cookie?: string) => new Request("http://shop.test/", { headers: cookie ? { Cookie: cookie } : {} });

  it("counts as signed out, and is told apart from no cookie at all so it can be cleared", async () => {
    const forged = [
      "quire_token=not-base64-json%%%",
      "quire_token=e30%3D", // {}
      `quire_token=${(await tokenCookie.serialize("short")).split(";")[0]!.split("=")[1]}`,
      `quire_token=${(await tokenCookie.serialize("has spaces in it, which no token has")).split(";")[0]!.split("=")[1]}`,
    ];
    for (const cookie of forged) {
      expect((await readSession(requestWith(cookie))).token, cookie).toBeNull();
      expect(await hasUnreadableTokenCookie(requestWith(cookie)), cookie).toBe(true);
    }
  });

  it("is not reported for a readable token or a request without the cookie", async () => {
    const header = await tokenCookieHeader(tokenWith({ sub: "1" }));
    expect(await hasUnreadableTokenCookie(requestWith(header.split(";")[0]))).toBe(false);
    expect(await hasUnreadableTokenCookie(requestWith("quire_cart=abcdefghijklmnopqrstuvwxyz"))).toBe(false);
    expect(await hasUnreadableTokenCookie(requestWith())).toBe(false);
  });
});
