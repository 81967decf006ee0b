import type { CurrentStaff } from "@quire/contracts";
import { createContext } from "react-router";
import type { AdminApi } from "./api.server";

/** This request's client of the admin API, as the signed-in member (or nobody, on the sign-in pages). */
export const apiContext = createContext<AdminApi>();
/** The signed-in member of staff, set by the back office layout's middleware for every page behind sign-in. */
export const staffContext = createContext<CurrentStaff>();
/** This request's Content-Security-Policy nonce (server.mjs makes one per request). */
export const cspNonceContext = createContext<string | undefined>(undefined);
