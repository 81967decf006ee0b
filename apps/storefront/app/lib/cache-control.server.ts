/**
 * What no shared cache (a CDN, a proxy) may keep, and the browser may not store either: the answers the root's
 * middleware marks personal (features/page-cache/cache-control.server.ts), and the routes that say so themselves.
 */
export const PRIVATE_NO_STORE = "private, no-store";
