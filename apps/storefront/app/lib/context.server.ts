import { createContext } from "react-router";
import type { ApiClient } from "./api.server";
import type { ResolvedPreferences } from "./preferences.server";

/** Per-request values set by the root middleware and read by loaders and actions. */
export const apiContext = createContext<ApiClient>();
/** The currency and country in force: the shopper's choice when the store offers it, else its defaults. */
export const preferencesContext = createContext<ResolvedPreferences>();
