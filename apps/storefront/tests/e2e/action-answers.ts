import type { Response } from "playwright-core";

/**
 * Whether `response` answers a POST to the storefront route at `pathname`: a plain form's post goes to the
 * route itself, a fetcher's (React Router's single fetch) to `<pathname>.data`.
 */
export function isActionAnswer(response: Response, pathname: string): boolean {
  const path = new URL(response.url()).pathname;
  return response.request().method() === "POST" && (path === pathname || path === `${pathname}.data`);
}
