import { createContext, RouterContextProvider } from "react-router";

/**
 * This request's Content-Security-Policy nonce. The production server (server.mjs) makes one per request,
 * names it in the CSP header (helmet) and hands it over through the load context; entry.server.tsx gives it
 * to React Router and React, which put it on every inline script they render. Undefined under
 * `react-router dev`, which sends no CSP (Vite's dev scripts are inline).
 */
export const cspNonceContext = createContext<string | undefined>(undefined);

/** The load context server.mjs passes to React Router for one request (v8 middleware needs a provider). */
export function createLoadContext({ cspNonce }: { cspNonce: string }): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(cspNonceContext, cspNonce);
  return context;
}

/**
 * The header a page that may be shared answers its inline scripts' hashes in (decision 064): a shared copy must not
 * carry one visitor's nonce to the next, so server.mjs sends such a page with a policy naming these hashes in place
 * of the nonce (`withScriptHashes`), and drops the header.
 */
export const SCRIPT_HASHES_HEADER = "X-Quire-Script-Hashes";

/** `policy` with this request's nonce replaced by `hashes` (CSP hash sources, space-separated). */
export function withScriptHashes(policy: string, nonce: string, hashes: string): string {
  return policy.replace(`'nonce-${nonce}'`, hashes);
}
