import { randomUUID } from "node:crypto";
import type { StaffRole } from "@quire/contracts";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { asShop } from "../../../storefront/tests/e2e/demo-api";
import { sharedStack, type Stack } from "../../../storefront/tests/e2e/stack";

export { asShop };

/*
 * What the back office's journeys share: the run's shared stack (its back office, its API, its mailbox), a
 * member of staff of the journey's own (invited by the shop's bootstrap key, joining through the emailed link as
 * a person would), and the admin API as the shop's own key, for setting up what a journey starts from.
 */

export const PASSWORD = "Back-Office-Lantern-2026";

/** The shared stack, with its back office. */
export function backOfficeStack(): Stack & { backOfficeUrl: string } {
  const stack = sharedStack();
  if (!stack.backOfficeUrl) throw new Error("The shared stack has no back office");
  return { ...stack, backOfficeUrl: stack.backOfficeUrl };
}

export interface StaffAccount {
  email: string;
  name: string;
  role: StaffRole;
  password: string;
}

/**
 * A member of staff of this journey's own: invited by the shop, the invitation's link read from the mail to this
 * address, and followed in `page` to choose a password, which signs them in (the page ends on the home page).
 */
export async function joinAs(
  page: Page,
  stack: Stack & { backOfficeUrl: string },
  role: StaffRole,
  name = `Test ${role}`,
): Promise<StaffAccount> {
  const email = `${role}-${randomUUID().slice(0, 8)}@back-office.test`;
  await asShop(stack, "POST", "/admin/staff/invitations", { email, name, role });
  const mail = await stack.mailbox!.waitForMail(email, {
    timeoutMs: 15_000,
    match: (candidate) => candidate.links.some((link) => link.includes("/accept-invitation/")),
  });
  const link = mail.links.find((candidate) => candidate.includes("/accept-invitation/"))!;
  expect(new URL(link).origin, "the invitation leads to this back office").toBe(stack.backOfficeUrl);
  await page.goto(link);
  await page.getByLabel("New password").fill(PASSWORD);
  await page.getByLabel("The same password again").fill(PASSWORD);
  await page.getByRole("button", { name: "Set password and sign in" }).click();
  await page.waitForURL(`${stack.backOfficeUrl}/`);
  return { email, name, role, password: PASSWORD };
}

/** Signs in through the sign-in form (a member who joined before, in a new browser context). */
export async function signIn(page: Page, stack: Stack & { backOfficeUrl: string }, account: StaffAccount) {
  await page.goto(`${stack.backOfficeUrl}/sign-in`);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${stack.backOfficeUrl}/`);
}
