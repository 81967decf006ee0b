import qs from "qs";
import { inject } from "vitest";
import type { z } from "zod";
import { DEMO_STORE_KEY, SHARED_ADMIN_KEY, type Stack } from "./stack";

/**
 * Reads from the running API as the storefront does (same headers, answers parsed with the contract's
 * schema), so a journey can name what a page must show, this category's books or that product's price,
 * instead of hard-coding seed data.
 */
export async function getFromApi<S extends z.ZodType>(
  path: string,
  schema: S,
  options: { query?: Record<string, unknown>; headers?: Record<string, string>; apiUrl?: string } = {},
): Promise<z.infer<S>> {
  const search = options.query ? `?${qs.stringify(options.query, { encodeValuesOnly: true })}` : "";
  const response = await fetch(`${options.apiUrl ?? inject("apiUrl")}${path}${search}`, {
    headers: { "API-Key": inject("apiKey"), StoreKey: inject("storeKey"), accept: "application/json", ...options.headers },
  });
  if (!response.ok) throw new Error(`GET ${path}${search} answered ${response.status}: ${await response.text()}`);
  return schema.parse(await response.json());
}

/**
 * Calls the admin API as the shop's own key (SHARED_ADMIN_KEY, an owner of every store), for a journey's set-up
 * and for what the merchant does between a shopper's steps (confirming a transfer, shipping, delivering). Every
 * stack a journey runs on knows that key: the shared one and those stackWithRows starts.
 */
export async function asShop<T = unknown>(
  stack: Stack,
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(`${stack.apiUrl}${path}`, {
    method,
    headers: {
      "Admin-Key": SHARED_ADMIN_KEY,
      StoreKey: DEMO_STORE_KEY,
      ...headers,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}
