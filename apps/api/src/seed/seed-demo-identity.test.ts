import { describe, expect, it } from "vitest";
import { TEST_API_KEY, useTestApi } from "../testing/test-api";
import { DEMO_CUSTOMER, DEMO_PRIVACY_POLICY_VERSION, DEMO_TRADE_INVITE } from "./demo-identity";
import { DEMO_STORE_KEY } from "./demo-shop";
import { runSeed } from "./run-seed";

const api = useTestApi((db) => runSeed(db, { ifEmpty: false, products: 0 }, {}, { storefrontUrl: "http://localhost:3100/" }));
const headers = { "api-key": TEST_API_KEY, storekey: DEMO_STORE_KEY };

describe("the demo seed's accounts", () => {
  it("publishes a privacy policy that anyone can read", async () => {
    const response = await api.app.inject({ url: "/privacy-policies/current", headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ version: DEMO_PRIVACY_POLICY_VERSION, body: expect.stringContaining("Quire Books") });
  });

  it("creates a demo customer who can sign in and has accepted the policy", async () => {
    const response = await api.app.inject({
      method: "POST",
      url: "/auth/sign-in",
      headers,
      payload: { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ needsAcceptPrivacyPolicy: false, passwordChangeRequired: false });
  });

  it("reports a pending trade invitation whose link creates the trade account", async () => {
    const url = api.seeded.demoInviteUrl!;
    expect(url).toMatch(/^http:\/\/localhost:3100\/auth\/invite\/complete\/[A-Za-z0-9_-]{43}$/);
    const response = await api.app.inject({
      method: "PUT",
      url: "/auth/invites/complete",
      headers,
      payload: { token: url.split("/").pop(), password: "Hopper-Daughters-Books-1" },
    });
    expect(response.statusCode).toBe(201);
    const me = await api.app.inject({
      url: "/customers/current",
      headers: { ...headers, authorization: `Bearer ${response.json().data.token}` },
    });
    expect(me.json().data).toMatchObject({ email: DEMO_TRADE_INVITE.email, isTrade: true, companyName: DEMO_TRADE_INVITE.companyName });
  });

  it("reports no invitation when it keeps an existing demo store", async () => {
    const report = await runSeed(api.database.db, { ifEmpty: true, products: 0 });
    expect(report.demo).toBe("kept");
    expect(report.demoInviteUrl).toBeUndefined();
  });
});
