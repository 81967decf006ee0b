import { AcceptedResponseSchema, PrivacyPolicyResponseSchema, SignInResponseSchema, type SignInResult } from "@quire/contracts";
import type { BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { newClientAddress } from "./browser";
import type { z } from "zod";
import { DEMO_API_KEY, DEMO_STORE_KEY, type Stack } from "./stack";

/** Helpers the auth journeys share: calls to the running API, the emailed links, the signed-in header. */

/** Calls the stack's API as the storefront's server does; answers the status and the parsed body. */
export async function callApi(
  stack: Stack,
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  options: { token?: string; body?: unknown; query?: Record<string, string>; clientAddress?: string } = {},
): Promise<{ status: number; body: unknown }> {
  const search = options.query ? `?${new URLSearchParams(options.query)}` : "";
  const headers: Record<string, string> = { "API-Key": DEMO_API_KEY, StoreKey: DEMO_STORE_KEY, accept: "application/json" };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  // The shopper's address, as the storefront forwards it (the stacks' API trusts it from this machine).
  if (options.clientAddress) headers["X-Forwarded-For"] = options.clientAddress;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${stack.apiUrl}${path}${search}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

/** A call that must succeed, its answer parsed with the contract's schema. */
export async function expectApi<S extends z.ZodType>(
  stack: Stack,
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  schema: S,
  options: { token?: string; body?: unknown; query?: Record<string, string>; clientAddress?: string } = {},
): Promise<z.infer<S>> {
  const answer = await callApi(stack, method, path, options);
  if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return schema.parse(answer.body);
}

/**
 * The first link whose path starts with `path` (or matches it), in the first email to `address` after the
 * mailbox's `after`-th message that carries such a link; waits for it.
 */
export async function emailedLink(stack: Stack, address: string, path: string | RegExp, after = 0): Promise<string> {
  if (!stack.mailbox) throw new Error("start the stack with mail: true to read emails");
  const wanted = (link: string) => {
    const { pathname } = new URL(link);
    return typeof path === "string" ? pathname.startsWith(path) : path.test(pathname);
  };
  const mail = await stack.mailbox.waitForMail(address, { after, timeoutMs: 15_000, match: (candidate) => candidate.links.some(wanted) });
  const link = mail.links.find(wanted)!;
  expect(new URL(link).origin, "emailed links lead to this storefront").toBe(stack.storefrontUrl);
  return link;
}

/** How many emails the mailbox holds now: pass it as `after` to wait for a newer one. */
export async function mailCount(stack: Stack): Promise<number> {
  return (await stack.mailbox?.count()) ?? 0;
}

export interface TestCustomer {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** A unique customer for one journey. */
export function newCustomer(label: string): TestCustomer {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    email: `${label}-${id}@example.test`,
    password: `Marmalade-Harbour-${id}-Lantern`,
    firstName: "Ada",
    lastName: `Tester ${label}`,
  };
}

/**
 * Registers a customer through the API (sign-up request, the emailed link's token, completion accepting the
 * current privacy policy), for journeys that are about something else. Answers the sign-in result. The
 * customer signs up from an address of their own, so the journeys' sign-ups do not spend the emails the API
 * allows the shared stack's browsers.
 */
export async function registerThroughApi(stack: Stack, customer: TestCustomer): Promise<SignInResult> {
  const before = await mailCount(stack);
  await expectApi(stack, "POST", "/auth/signup-request", AcceptedResponseSchema, {
    body: { email: customer.email, firstName: customer.firstName, lastName: customer.lastName },
    clientAddress: newClientAddress(),
  });
  const link = await emailedLink(stack, customer.email, "/auth/sign-up/complete/", before);
  const token = new URL(link).pathname.split("/").pop()!;
  const { data: policy } = await expectApi(stack, "GET", "/privacy-policies/current", PrivacyPolicyResponseSchema);
  const { data } = await expectApi(stack, "PUT", "/auth/signup-request/complete", SignInResponseSchema, {
    body: { token, password: customer.password, privacyPolicyId: policy.id },
  });
  return data;
}

/** Signs in through /auth/login (already open or opened here) and waits for the page it leads to. */
export async function signInThroughForm(
  page: Page,
  stack: Stack,
  customer: Pick<TestCustomer, "email" | "password">,
  path = "/auth/login",
) {
  if (!page.url().includes("/auth/login")) await page.goto(`${stack.storefrontUrl}${path}`);
  await page.getByRole("textbox", { name: "Email address" }).fill(customer.email);
  await page.getByLabel("Password", { exact: true }).fill(customer.password);
  await Promise.all([page.waitForURL((url) => url.pathname !== "/auth/login"), page.getByRole("button", { name: "Sign in" }).click()]);
}

/** The header's account menu trigger of a signed-in customer. */
export function accountMenu(page: Page, firstName: string) {
  return page.getByRole("banner").locator("summary", { hasText: firstName });
}

/** The header's "Sign in" link of an anonymous visitor. */
export function headerSignInLink(page: Page) {
  return page.getByRole("banner").getByRole("link", { name: "Sign in" });
}

/** The value of the storefront's HttpOnly token cookie, as the browser holds it; null when signed out. */
export async function tokenInBrowser(context: BrowserContext): Promise<string | null> {
  const cookie = (await context.cookies()).find((candidate) => candidate.name === "quire_token");
  if (!cookie?.value) return null;
  // createCookie stores JSON, base64-encoded.
  return JSON.parse(Buffer.from(decodeURIComponent(cookie.value), "base64").toString("utf8")) as string;
}

/** Signs out through the header's account menu. */
export async function signOutThroughMenu(page: Page, firstName: string) {
  await accountMenu(page, firstName).click();
  await Promise.all([page.waitForURL((url) => url.pathname === "/"), page.getByRole("button", { name: "Sign out" }).click()]);
  // Signing out reloads the whole page: wait for the new one.
  await page.waitForLoadState("load");
  await headerSignInLink(page).waitFor();
}
