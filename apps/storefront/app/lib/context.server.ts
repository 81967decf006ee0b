import { createContext } from "react-router";
import type { ApiClient, CallerContext } from "./api.server";
import type { ResolvedPreferences } from "./preferences.server";
import type { Session } from "./session.server";

/** Per-request values set by the root middleware and read by loaders and actions. */
export const apiContext = createContext<ApiClient>();
/** The currency and country in force: the shopper's choice when the store offers it, else its defaults. */
export const preferencesContext = createContext<ResolvedPreferences>();
/** The visitor's session cookies: the sign-in token and the anonymous cart id. */
export const sessionContext = createContext<Session>();
/**
 * Who is calling the API apart from the sign-in token: currency, country and the shopper's address. Code that
 * needs an API client without the session's 401/403 rules (sign-in, registration...) builds it from this.
 */
export const callerContext = createContext<CallerContext>();
