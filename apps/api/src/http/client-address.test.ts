import { like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signInThrottles } from "../modules/identity/identity.tables";
import { createStore } from "../testing/factories";
import { TEST_HEADERS, useTestApi } from "../testing/test-api";

// The API behind a proxy it trusts (TRUST_PROXY): the sign-in throttle counts per client address, and the
// address comes from X-Forwarded-For, so what that header may hold decides what a throttle key can be.
const api = useTestApi(async (db) => ({ store: await createStore(db) }), { trustProxy: ["127.0.0.1"] });

let attempt = 0;
/** A wrong password for an address of its own each time, so only the per-client throttle accumulates. */
const failedSignIn = (forwardedFor: string, remoteAddress = "127.0.0.1") =>
  api.app.inject({
    method: "POST",
    url: "/auth/sign-in",
    headers: { ...TEST_HEADERS, "x-forwarded-for": forwardedFor },
    payload: { email: `shopper-${++attempt}@example.com`, password: "not-the-password" },
    remoteAddress,
  });

const clientKeys = async () =>
  (await api.database.db.select({ key: signInThrottles.key }).from(signInThrottles).where(like(signInThrottles.key, "client:%"))).map(
    (row) => row.key,
  );

describe("the client address behind a trusted proxy", () => {
  it("is the forwarded address when it is well formed", async () => {
    await failedSignIn("203.0.113.9");
    await failedSignIn("::ffff:198.51.100.4");
    expect(await clientKeys()).toEqual(expect.arrayContaining(["client:203.0.113.9", "client:198.51.100.4"]));
  });

  it("is the proxy's own address when the header holds anything else, so junk never becomes a throttle key", async () => {
    const junk = ["not-an-address", "x".repeat(2000), "203.0.113.9:443", "999.1.1.1", "<script>", "203.0.113.9 extra"];
    for (const value of junk) expect((await failedSignIn(value)).statusCode).toBe(401);
    const keys = await clientKeys();
    expect(keys).toContain("client:127.0.0.1");
    for (const key of keys) expect(key).toMatch(/^client:[0-9a-f.:]{2,45}$/);
  });

  it("is the socket's address when the connection does not come from a trusted proxy", async () => {
    await failedSignIn("203.0.113.77", "10.9.8.7");
    const keys = await clientKeys();
    expect(keys).toContain("client:10.9.8.7");
    expect(keys).not.toContain("client:203.0.113.77");
  });
});
