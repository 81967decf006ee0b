import { describe, expect, it } from "vitest";
import { clearTokenCookieHeader, isTokenExpired, readSession, readTokenExpiry, tokenCookieHeader } from "./session.server";

/** An unsigned token with these claims: the storefront only reads `exp`, the API checks the signature. */
function tokenWith(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "HS256", typ: "JWT" })}.${part(claims)}.c2lnbmF0dXJlLXBsYWNlaG9sZGVy`;
}

describe("the sign-in token's expiry (spec section 4)", () => {
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
});
