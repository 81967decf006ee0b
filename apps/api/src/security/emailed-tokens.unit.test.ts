import { EmailedTokenSchema } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { createEmailedToken, hashEmailedToken } from "./emailed-tokens";

describe("emailed tokens", () => {
  it("are 32 random bytes in base64url that the contract accepts", () => {
    const { token } = createEmailedToken();
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(EmailedTokenSchema.safeParse(token).success).toBe(true);
  });

  it("differ every time", () => {
    const tokens = new Set(Array.from({ length: 200 }, () => createEmailedToken().token));
    expect(tokens.size).toBe(200);
  });

  it("are stored as their SHA-256, never as themselves", () => {
    const { token, tokenHash } = createEmailedToken();
    expect(tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenHash).not.toContain(token);
    expect(hashEmailedToken(token)).toBe(tokenHash);
    // The SHA-256 of "abc", so the hash is the standard one and stays stable across releases.
    expect(hashEmailedToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
