import { randomUUID } from "node:crypto";
import type { StaffMember } from "@quire/contracts";
import { Secret, TOTP } from "otpauth";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_STORE_KEY } from "../../../storefront/tests/e2e/stack";
import { expectNoSeriousA11yViolations } from "../../../storefront/tests/e2e/accessibility";
import { expectNoPageProblems, screenshotForReview, sessionPerTest } from "../../../storefront/tests/e2e/browser";
import { asShop, backOfficeStack, joinAs, PASSWORD } from "./back-office";

/*
 * The shop's people and machines in the back office, in Chromium against the shared stack: an owner invites a member
 * (who joins through the mailed link), changes their role and deactivates them; makes an API token, sees its secret
 * once, uses it, revokes it; finds all of it in the audit log; turns on two-factor sign-in and signs in again with a
 * code. A manager sees none of it. With JavaScript and without.
 */
const stack = backOfficeStack();

/** The member as the API holds them now. */
async function memberNow(email: string): Promise<StaffMember> {
  const { data } = await asShop<{ data: StaffMember[] }>(stack, "GET", "/admin/staff");
  const member = data.find((candidate) => candidate.email === email);
  if (!member) throw new Error(`No member ${email}`);
  return member;
}

/** Waits for the message a form left on the next page. */
async function expectMessage(page: Page, message: string) {
  await expect.poll(() => page.getByRole("status").innerText()).toContain(message);
}

/** An admin API call with an API token's secret, as an integration makes it: the status it answers. */
async function callWithToken(secret: string): Promise<number> {
  const response = await fetch(`${stack.apiUrl}/admin/orders?limit=1`, {
    headers: { Authorization: `Bearer ${secret}`, StoreKey: DEMO_STORE_KEY },
  });
  await response.body?.cancel();
  return response.status;
}

/** The code an authenticator app shows for `secret`, `offsetSteps` time steps from now. */
function totpCode(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

for (const javaScriptEnabled of [true, false]) {
  describe(`staff, API tokens and the audit log (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    const browser = sessionPerTest({ javaScriptEnabled });

    it("invites a member, changes their role, deactivates them, and makes, uses and revokes a token, all in the audit log", async () => {
      const { page } = browser;
      const owner = await joinAs(page, stack, "owner", `Owner ${randomUUID().slice(0, 6)}`);
      await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Staff" }).click();
      await page.getByRole("heading", { level: 1, name: "Staff" }).waitFor();

      // Inviting: the person is mailed a link, and joins through it.
      const email = `invited-${randomUUID().slice(0, 8)}@back-office.test`;
      const name = `Ada ${randomUUID().slice(0, 4)}`;
      const invite = page.getByRole("region", { name: "Invite a member of staff" });
      await invite.getByLabel("Email").fill(email);
      await invite.getByLabel("Name").fill(name);
      await invite.getByLabel("Role").selectOption("content");
      await invite.getByRole("button", { name: "Send the invitation" }).click();
      await expectMessage(page, `Invitation mailed to ${email}`);
      const mail = await stack.mailbox!.waitForMail(email, {
        timeoutMs: 15_000,
        match: (candidate) => candidate.links.some((link) => link.includes("/accept-invitation/")),
      });
      const token = new URL(mail.links.find((link) => link.includes("/accept-invitation/"))!).pathname.split("/").pop()!;
      const accepted = await fetch(`${stack.apiUrl}/admin/auth/accept-invitation`, {
        method: "POST",
        headers: { StoreKey: DEMO_STORE_KEY, "content-type": "application/json" },
        body: JSON.stringify({ token, password: PASSWORD }),
      });
      expect(accepted.status).toBe(200);

      // An invitation not yet accepted waits in its table until withdrawn; an accepted one is not there.
      const unwanted = `withdrawn-${randomUUID().slice(0, 8)}@back-office.test`;
      await invite.getByLabel("Email").fill(unwanted);
      await invite.getByLabel("Name").fill("Never Joined");
      await invite.getByRole("button", { name: "Send the invitation" }).click();
      await expectMessage(page, `Invitation mailed to ${unwanted}`);
      const waiting = page.getByRole("region", { name: "Invitations waiting" });
      await waiting.getByRole("rowheader").filter({ hasText: unwanted }).waitFor();
      expect(await waiting.getByText(email).count()).toBe(0);
      if (javaScriptEnabled) await expectNoSeriousA11yViolations(page);
      await screenshotForReview(page, `back-office-staff-invitations-js-${javaScriptEnabled ? "on" : "off"}`);
      await waiting.getByRole("button", { name: `Withdraw the invitation to ${unwanted}` }).click();
      await expectMessage(page, `The invitation to ${unwanted} is withdrawn: its link no longer works.`);
      expect(await page.getByRole("button", { name: `Withdraw the invitation to ${unwanted}` }).count()).toBe(0);

      // Inviting the same address again is refused beside its field.
      await invite.getByLabel("Email").fill(email);
      await invite.getByLabel("Name").fill(name);
      await invite.getByRole("button", { name: "Send the invitation" }).click();
      await page.getByRole("alert").waitFor();
      expect(await invite.getByText("This email already belongs to a member of staff").count()).toBeGreaterThan(0);

      // Their role, then their access.
      await page.goto(`${stack.backOfficeUrl}/staff`);
      const row = page.getByRole("row").filter({ hasText: email });
      await row.getByLabel(`Role of ${name}`).selectOption("fulfilment");
      await row.getByRole("button", { name: "Change role" }).click();
      await expectMessage(page, `${name} is now a fulfilment.`);
      expect((await memberNow(email)).role).toBe("fulfilment");
      await page
        .getByRole("row")
        .filter({ hasText: email })
        .getByRole("button", { name: `Deactivate ${name}` })
        .click();
      await expectMessage(page, `${name} is deactivated`);
      expect((await memberNow(email)).active).toBe(false);
      await page
        .getByRole("row")
        .filter({ hasText: email })
        .getByRole("button", { name: `Reactivate ${name}` })
        .waitFor();
      if (javaScriptEnabled) {
        await expectNoSeriousA11yViolations(page);
        await screenshotForReview(page, "back-office-staff");
      }

      // A token: its secret shown once, working until it is revoked.
      await page.getByRole("link", { name: "API tokens" }).click();
      await page.getByRole("heading", { level: 1, name: "API tokens" }).waitFor();
      const tokenName = `Scanner ${randomUUID().slice(0, 6)}`;
      const make = page.getByRole("region", { name: "Make a token" });
      await make.getByLabel("Name").fill(tokenName);
      await make.getByLabel("Role").selectOption("manager");
      await make.getByLabel("Valid for (days)").fill("7");
      await make.getByRole("button", { name: "Make the token" }).click();
      const secretField = page.getByLabel(`Secret of ${tokenName}`);
      await secretField.waitFor();
      const secret = await secretField.inputValue();
      expect(secret).toMatch(/^qt_/);
      expect(page.url()).not.toContain(secret);
      expect(await callWithToken(secret)).toBe(200);
      if (javaScriptEnabled) {
        await expectNoSeriousA11yViolations(page);
        await screenshotForReview(page, "back-office-api-token-made");
      }
      // Shown once: the list afterwards holds only its first characters.
      await page.goto(`${stack.backOfficeUrl}/staff/tokens`);
      await page.getByRole("rowheader", { name: new RegExp(tokenName) }).waitFor();
      expect(await page.content()).not.toContain(secret);
      await page.getByRole("link", { name: `Revoke ${tokenName}` }).click();
      await page.getByRole("button", { name: `Yes, revoke ${tokenName}` }).click();
      await expectMessage(page, "The token is revoked");
      expect(await callWithToken(secret)).toBe(401);

      // The audit log: the owner's own changes (the first: joining), with what changed.
      await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Audit log" }).click();
      await page.getByRole("heading", { level: 1, name: "Audit log" }).waitFor();
      await page.getByLabel("Who").selectOption({ label: `${owner.name} (${owner.email})` });
      await page.getByRole("button", { name: "Filter" }).click();
      await page.waitForURL(/[?&]actor=staff%3A\d+/);
      const operations = page
        .getByRole("table", { name: "Audit log entries, newest first" })
        .locator(":scope > tbody > tr > td:nth-child(3)");
      await expect
        .poll(() => operations.allInnerTexts())
        .toEqual([
          "revokeApiToken",
          "createApiToken",
          "updateStaff",
          "updateStaff",
          "withdrawStaffInvitation",
          "inviteStaff",
          "inviteStaff",
          "acceptStaffInvitation",
        ]);
      const roleChange = page.getByRole("table", { name: /^Changes of updateStaff/ }).filter({ hasText: "role" });
      await expect.poll(() => roleChange.innerText()).toMatch(/role\s+content\s+fulfilment/);
      await page.getByLabel("Operation").selectOption("inviteStaff");
      await page.getByRole("button", { name: "Filter" }).click();
      await page.waitForURL(/[?&]operation=inviteStaff/);
      await expect.poll(() => operations.allInnerTexts()).toEqual(["inviteStaff", "inviteStaff"]);
      if (javaScriptEnabled) {
        await expectNoSeriousA11yViolations(page);
        await screenshotForReview(page, "back-office-audit-log");
        expectNoPageProblems(browser);
      }
    });

    it("turns on two-factor sign-in, signs in again with a code, and turns it off", async () => {
      const { page } = browser;
      const me = await joinAs(page, stack, "fulfilment", `Two-factor ${randomUUID().slice(0, 6)}`);
      await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Your account" }).click();
      await page.getByRole("heading", { level: 1, name: "Your account" }).waitFor();
      await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
      const key = page.getByLabel(/set-up key/);
      await key.waitFor();
      const secret = await key.inputValue();
      expect(secret).toMatch(/^[A-Z2-7]+=*$/);
      expect(await page.getByRole("link", { name: "this set-up link" }).getAttribute("href")).toMatch(/^otpauth:\/\/totp\//);
      // The same link as a QR code, drawn on the server (it shows without JavaScript too).
      const qr = page.getByRole("img", { name: "QR code to scan with your authenticator app" });
      await qr.waitFor();
      expect(await qr.locator("path").getAttribute("d")).toMatch(/^(M\d+ \d+h1v1h-1z)+$/);
      if (javaScriptEnabled) {
        await page.setViewportSize({ width: 390, height: 844 });
        await expectNoSeriousA11yViolations(page);
        await screenshotForReview(page, "back-office-two-factor-390");
        await page.setViewportSize({ width: 1280, height: 800 });
      }

      // A wrong code is refused beside the field, the set-up staying on the page.
      await page.getByLabel("Six-digit code from the app").fill("12345");
      await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
      await page.getByRole("alert").waitFor();
      expect(await key.inputValue()).toBe(secret);

      await page.getByLabel("Six-digit code from the app").fill(totpCode(secret));
      await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
      await expectMessage(page, "Two-factor sign-in is on");
      expect((await memberNow(me.email)).twoFactorEnabled).toBe(true);

      // Signing in again asks for the code; a code is good once, so the next time step's is used.
      await page.getByRole("button", { name: "Sign out" }).click();
      await page.waitForURL(/\/sign-in$/);
      await page.getByLabel("Email").fill(me.email);
      await page.getByLabel("Password").fill(me.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(/\/sign-in\/code/);
      await page.getByLabel("Six-digit code").fill(totpCode(secret, 1));
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(`${stack.backOfficeUrl}/`);

      await page.goto(`${stack.backOfficeUrl}/account`);
      await page.getByLabel("Your password, to turn it off").fill("not-the-password");
      await page.getByRole("button", { name: "Turn off two-factor sign-in" }).click();
      await page.getByRole("alert").waitFor();
      expect((await memberNow(me.email)).twoFactorEnabled).toBe(true);
      await page.getByLabel("Your password, to turn it off").fill(me.password);
      await page.getByRole("button", { name: "Turn off two-factor sign-in" }).click();
      await expectMessage(page, "Two-factor sign-in is off");
      expect((await memberNow(me.email)).twoFactorEnabled).toBe(false);
      if (javaScriptEnabled) expectNoPageProblems(browser);
    });
  });
}

describe("a manager and the shop's people", () => {
  const browser = sessionPerTest();

  it("does not see Staff or the audit log, and is refused them", async () => {
    const { page } = browser;
    await joinAs(page, stack, "manager");
    const navigation = page.getByRole("navigation", { name: "Back office" });
    await navigation.getByRole("link", { name: "Settings" }).waitFor();
    expect(await navigation.getByRole("link", { name: "Staff" }).count()).toBe(0);
    expect(await navigation.getByRole("link", { name: "Audit log" }).count()).toBe(0);
    for (const path of ["/staff", "/staff/tokens", "/audit-log"]) {
      const response = await page.goto(`${stack.backOfficeUrl}${path}`);
      expect(response?.status(), path).toBe(403);
      await page.getByRole("heading", { level: 1, name: "Not allowed" }).waitFor();
    }
  });
});
