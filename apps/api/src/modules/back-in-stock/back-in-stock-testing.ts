import { asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../../db/client";
import { TEST_HEADERS, type useTestApi } from "../../testing/test-api";
import { listMailTo } from "../mail/outbox-reads.service";
import { backInStockSubscriptions } from "./back-in-stock.tables";

// What the back-in-stock test files share: calls to the API as different clients, and the outbox read back.

type TestApi = ReturnType<typeof useTestApi<unknown>>;

let clients = 0;
/** A client address no other request of the run has used, so per-client limits stay out of the way. */
export function newClientIp(): string {
  clients += 1;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
}

export interface CallOptions {
  auth?: string;
  storekey?: string;
  /** The client's address (request.ip); a fresh one when left out. */
  ip?: string;
}

export function callApi(api: TestApi, url: string, body: unknown, options: CallOptions = {}) {
  const headers: Record<string, string> = { ...TEST_HEADERS };
  if (options.auth) headers.authorization = options.auth;
  if (options.storekey) headers.storekey = options.storekey;
  return api.app.inject({ method: "POST", url, headers, payload: body as object, remoteAddress: options.ip ?? newClientIp() });
}

export const subscribe = (api: TestApi, body: unknown, options?: CallOptions) =>
  callApi(api, "/notifications/back-in-stock", body, options);
export const confirm = (api: TestApi, token: string, options?: CallOptions) =>
  callApi(api, "/notifications/back-in-stock/confirm", { token }, options);
export const preview = (api: TestApi, token: string, options?: CallOptions) =>
  callApi(api, "/notifications/back-in-stock/confirm/preview", { token }, options);

/** The confirmation emails queued for an address, oldest first. */
export function confirmationMails(db: Db, email: string) {
  return listMailTo(db, { recipient: email, kind: "back_in_stock_confirmation" });
}

/** The token of an emailed confirmation link (its last path segment). */
export function tokenOf(mail: { actionUrl: string | null }): string {
  const token = new URL(mail.actionUrl!).pathname.split("/").pop();
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return token!;
}

/** The subscriptions of a variant, oldest first. */
export function subscriptionsOf(db: Db, variantId: number) {
  return db
    .select()
    .from(backInStockSubscriptions)
    .where(eq(backInStockSubscriptions.variantId, variantId))
    .orderBy(asc(backInStockSubscriptions.id));
}
