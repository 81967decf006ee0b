import { CurrentCustomerResponseSchema, PrivacyPolicyResponseSchema } from "@quire/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../../api/src/modules/identity/passwords";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { accountMenu, expectApi, signInThroughForm, tokenInBrowser } from "./auth-journeys";
import { expectNoPageProblems, sessionPerTest } from "./browser";
import { expectToast } from "./cart-catalogue";
import { DEMO_STORE_KEY, startStack, type E2eDatabase, type Stack } from "./stack";

/**
 * A new privacy policy version: the API answers a customer who has not accepted it
 * 403 on protected calls, and the storefront sends them to /privacy-policy to accept it, then back to the
 * page they were going to. Runs its own Quire with one customer who accepted the seeded version.
 */
const CUSTOMER = { email: "policy-reader@example.test", password: "Reading-The-Small-Print-2026", firstName: "Iris" };
const NEW_VERSION = "e2e-2";
const NEW_BODY = "# What changed\n\nWe now keep your favourites lists for as long as your account is open.";
/** On PGlite the new version must be written before the servers start: it takes effect this much later. */
const PGLITE_PUBLISH_DELAY_SECONDS = 40;

const insertNewVersion = (database: E2eDatabase, publishedAt: string) =>
  database.execute(
    `INSERT INTO privacy_policies (store_id, version, body, published_at) SELECT s.id, $1, $2, ${publishedAt} FROM stores s WHERE s.key = $3`,
    [NEW_VERSION, NEW_BODY, DEMO_STORE_KEY],
  );

let stack: Stack;
let database: E2eDatabase;
const browser = sessionPerTest();
beforeAll(async () => {
  const passwordHash = await hashPassword(CUSTOMER.password);
  stack = await startStack({
    name: "auth-privacy",
    prepare: async (prepared) => {
      database = prepared;
      await database.execute(
        `INSERT INTO customers (store_id, email, password_hash, first_name, accepted_privacy_policy_id)
         SELECT s.id, $1, $2, $3, (SELECT p.id FROM privacy_policies p WHERE p.store_id = s.id ORDER BY p.published_at DESC LIMIT 1)
         FROM stores s WHERE s.key = $4`,
        [CUSTOMER.email, passwordHash, CUSTOMER.firstName, DEMO_STORE_KEY],
      );
      // PGlite is single-process: the new version is dated to take effect once the journey is under way.
      if (database.kind === "pglite") await insertNewVersion(database, `now() + interval '${PGLITE_PUBLISH_DELAY_SECONDS} seconds'`);
    },
  });
});
afterAll(async () => {
  await stack?.stop();
});

/** Publishes the new version: at once on PostgreSQL, or waits for the one dated ahead on PGlite. */
async function publishNewVersion() {
  if (database.kind === "postgres") await insertNewVersion(database, "now()");
  await expect
    .poll(async () => (await expectApi(stack, "GET", "/privacy-policies/current", PrivacyPolicyResponseSchema)).data.version, {
      timeout: (PGLITE_PUBLISH_DELAY_SECONDS + 20) * 1000,
      interval: 500,
    })
    .toBe(NEW_VERSION);
}

describe("the privacy policy", () => {
  it("is open to every visitor, without an accept button", async () => {
    const { page } = browser;
    const response = await page.goto(`${stack.storefrontUrl}/privacy-policy`);
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: "Privacy policy" }).waitFor();
    await page.getByText("What we collect.").first().waitFor();
    expect(await page.getByRole("button", { name: "Accept privacy policy" }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });

  it("a new version sends the customer to accept it, then back where they were going", async () => {
    const { page, context } = browser;
    await signInThroughForm(page, stack, CUSTOMER);
    await accountMenu(page, CUSTOMER.firstName).waitFor();
    const token = (await tokenInBrowser(context))!;
    const before = await expectApi(stack, "GET", "/customers/current/", CurrentCustomerResponseSchema, { token });
    expect(before.data.needsAcceptPrivacyPolicy, "the new version must not be in force yet").toBe(false);
    await page.goto(`${stack.storefrontUrl}/store`);

    await publishNewVersion();
    // A client-side navigation: the favourites page's own call answers 403, and the storefront acts on it.
    await Promise.all([
      page.waitForURL((url) => url.pathname === "/privacy-policy"),
      page.getByRole("banner").getByRole("link", { name: "Favourites" }).click(),
    ]);
    expect(new URL(page.url()).searchParams.get("redirect_url")).toBe("/favorites");
    await page.getByText("We've updated our privacy policy.").waitFor();
    await page.getByRole("heading", { level: 2, name: "What changed" }).waitFor();
    await expectNoSeriousA11yViolations(page);

    await Promise.all([
      page.waitForURL((url) => url.pathname === "/favorites"),
      page.getByRole("button", { name: "Accept privacy policy" }).click(),
    ]);
    await expectToast(page, "Thank you for accepting our privacy policy.");
    const after = await expectApi(stack, "GET", "/customers/current/", CurrentCustomerResponseSchema, { token });
    expect(after.data.needsAcceptPrivacyPolicy).toBe(false);

    await page.goto(`${stack.storefrontUrl}/privacy-policy`);
    await page.getByText("You have accepted this version of our privacy policy.").waitFor();
    expectNoPageProblems(browser);
  });
});
