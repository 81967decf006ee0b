import { LinkStatusResponseSchema, PrivacyPolicyResponseSchema } from "@quire/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashEmailedToken } from "../../../api/src/security/emailed-tokens";
import { hashPassword } from "../../../api/src/modules/identity/passwords";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { callApi, expectApi, tokenInBrowser } from "./auth-journeys";
import { expectNoPageProblems, sessionPerTest } from "./browser";
import { DEMO_STORE_KEY, stackWithRows, type Stack } from "./stack";

/**
 * The emailed links (sign-up, trade invitation, password reset) say what became of them when they are
 * opened: a used or expired link shows why and the way forward instead of a form that could only fail
 * (410), an unknown one too (404). Runs its own Quire, whose database gets, before the servers start, one
 * valid, one used and one expired link of each kind under known tokens.
 */
type Kind = "signup" | "invite" | "reset";
type State = "valid" | "used" | "expired";

/** A token the contract accepts (32+ characters of base64url), unique per kind and state. */
const tokenFor = (kind: Kind, state: State | "unknown" | "race") => `e2e-${kind}-${state}-link-0123456789-abcdefghijklmnop`;

interface LinkPage {
  path: string;
  formTitle: string;
  passwordLabel: string;
  /** What the page says for each unusable state, and the way forward it offers. */
  problems: Record<"used" | "expired" | "unknown", { title: string; action: string; to: string }>;
}

const PAGES: Record<Kind, LinkPage> = {
  signup: {
    path: "/auth/sign-up/complete/",
    formTitle: "Finish creating your account",
    passwordLabel: "Choose a password",
    problems: {
      used: { title: "This sign-up link has already been used", action: "Sign in", to: "/auth/login" },
      expired: { title: "This sign-up link has expired", action: "Register again", to: "/auth/register" },
      unknown: { title: "This sign-up link is not valid", action: "Register again", to: "/auth/register" },
    },
  },
  invite: {
    path: "/auth/invite/complete/",
    formTitle: "Accept your invitation",
    passwordLabel: "Choose a password",
    problems: {
      used: { title: "This invitation has already been accepted", action: "Sign in", to: "/auth/login" },
      expired: { title: "This invitation has expired", action: "Contact us", to: "/contact-us" },
      unknown: { title: "This invitation link is not valid", action: "Contact us", to: "/contact-us" },
    },
  },
  reset: {
    path: "/auth/reset-password/",
    formTitle: "Set a new password",
    passwordLabel: "New password",
    problems: {
      used: { title: "This reset link has already been used", action: "Request a new reset link", to: "/auth/forgot-password" },
      expired: { title: "This reset link has expired", action: "Request a new reset link", to: "/auth/forgot-password" },
      unknown: { title: "This reset link is not valid", action: "Request a new reset link", to: "/auth/forgot-password" },
    },
  },
};

/** The link rows of each kind the database starts with: when each expires and whether it was used. */
const ROWS: Record<State | "race", { expiresIn: string; used: boolean }> = {
  valid: { expiresIn: "1 day", used: false },
  used: { expiresIn: "1 day", used: true },
  expired: { expiresIn: "-1 hour", used: false },
  // Valid when the page opens; completed elsewhere before its form is sent.
  race: { expiresIn: "1 day", used: false },
};
const RESET_CUSTOMER = "links-reset@example.test";

let stack: Stack;
const browser = sessionPerTest();
beforeAll(async () => {
  const passwordHash = await hashPassword("Lantern-Harbour-Marmalade-7");
  stack = await stackWithRows({
    name: "auth-links",
    prepare: async (database) => {
      await database.execute(
        `INSERT INTO customers (store_id, email, password_hash, first_name, last_name)
         SELECT s.id, $1, $2, 'Rosalind', 'Franklin' FROM stores s WHERE s.key = $3`,
        [RESET_CUSTOMER, passwordHash, DEMO_STORE_KEY],
      );
      for (const [state, { expiresIn, used }] of Object.entries(ROWS) as [State | "race", (typeof ROWS)[State]][]) {
        const usedAt = used ? "now()" : "NULL";
        await database.execute(
          `INSERT INTO signup_requests (store_id, email, first_name, last_name, token_hash, expires_at, completed_at)
           SELECT s.id, $1, 'Ada', 'Lovelace', $2, now() + $3::interval, ${usedAt} FROM stores s WHERE s.key = $4`,
          [`links-signup-${state}@example.test`, hashEmailedToken(tokenFor("signup", state)), expiresIn, DEMO_STORE_KEY],
        );
        await database.execute(
          `INSERT INTO customer_invites (store_id, email, first_name, last_name, company_name, token_hash, expires_at, completed_at)
           SELECT s.id, $1, 'Grace', 'Hopper', 'Hopper Books Ltd', $2, now() + $3::interval, ${usedAt} FROM stores s WHERE s.key = $4`,
          [`links-invite-${state}@example.test`, hashEmailedToken(tokenFor("invite", state)), expiresIn, DEMO_STORE_KEY],
        );
        await database.execute(
          `INSERT INTO password_reset_tokens (customer_id, token_hash, expires_at, used_at)
           SELECT c.id, $1, now() + $2::interval, ${usedAt} FROM customers c JOIN stores s ON s.id = c.store_id WHERE s.key = $3 AND c.email = $4`,
          [hashEmailedToken(tokenFor("reset", state)), expiresIn, DEMO_STORE_KEY, RESET_CUSTOMER],
        );
      }
    },
  });
});
afterAll(async () => {
  await stack?.stop();
});

for (const [kind, linkPage] of Object.entries(PAGES) as [Kind, LinkPage][]) {
  describe(`the ${kind} link page (${linkPage.path}:token)`, () => {
    it("shows the form for a valid link, and opening it does not use it up", async () => {
      const { page } = browser;
      const response = await page.goto(`${stack.storefrontUrl}${linkPage.path}${tokenFor(kind, "valid")}`);
      expect(response?.status()).toBe(200);
      await page.getByRole("heading", { level: 1, name: linkPage.formTitle }).waitFor();
      await page.getByLabel(linkPage.passwordLabel, { exact: true }).waitFor();
      const { data } = await expectApi(stack, "POST", "/auth/links/status", LinkStatusResponseSchema, {
        body: { kind, token: tokenFor(kind, "valid") },
      });
      expect(data.status).toBe("valid");
      expectNoPageProblems(browser);
    });

    for (const [state, described] of [
      ["used", "a used"],
      ["expired", "an expired"],
      ["unknown", "an unknown"],
    ] as const) {
      const problem = linkPage.problems[state];
      it(`says so when opened with ${described} link (${state === "unknown" ? 404 : 410}), with the way forward`, async () => {
        const { page, context } = browser;
        const response = await page.goto(`${stack.storefrontUrl}${linkPage.path}${tokenFor(kind, state)}`);
        expect(response?.status()).toBe(state === "unknown" ? 404 : 410);
        await page.getByRole("heading", { level: 1, name: problem.title }).waitFor();
        expect(await page.title()).toContain(problem.title);
        expect(await page.getByLabel(linkPage.passwordLabel, { exact: true }).count(), "no form for a link that cannot work").toBe(0);
        const way = page.getByRole("main").getByRole("link", { name: problem.action });
        expect(await way.getAttribute("href")).toBe(problem.to);
        await expectNoSeriousA11yViolations(page);

        await Promise.all([page.waitForURL((url) => url.pathname === problem.to), way.click()]);
        expect(await tokenInBrowser(context)).toBeNull();
        expectNoPageProblems(browser);
      });
    }
  });
}

describe("a link used while its page is open", () => {
  it("says it was used when the form is sent, instead of an error beside the form", async () => {
    const { page, context } = browser;
    const token = tokenFor("signup", "race");
    await page.goto(`${stack.storefrontUrl}${PAGES.signup.path}${token}`);
    await page.getByLabel("Choose a password", { exact: true }).fill("Quill-And-Parchment-Lantern-88");
    await page.getByRole("checkbox", { name: /accept the privacy policy/ }).check();

    // Meanwhile the same link is completed elsewhere (another tab, another device).
    const { data: policy } = await expectApi(stack, "GET", "/privacy-policies/current", PrivacyPolicyResponseSchema);
    const elsewhere = await callApi(stack, "PUT", "/auth/signup-request/complete", {
      body: { token, password: "Another-Device-Lantern-Quill-21", privacyPolicyId: policy.id },
    });
    expect(elsewhere.status).toBe(201);

    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByRole("heading", { level: 1, name: PAGES.signup.problems.used.title }).waitFor();
    await page.getByRole("main").getByRole("link", { name: "Sign in" }).waitFor();
    expect(await tokenInBrowser(context)).toBeNull();
    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });
});
