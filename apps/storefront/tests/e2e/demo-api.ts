import qs from "qs";
import { inject } from "vitest";
import type { z } from "zod";

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
