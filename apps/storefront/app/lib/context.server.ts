import { createContext } from "react-router";
import type { ApiClient } from "./api.server";
import type { Preferences } from "./preferences.server";

/** Per-request values set by the root middleware and read by loaders and actions. */
export const apiContext = createContext<ApiClient>();
export const preferencesContext = createContext<Preferences>();
