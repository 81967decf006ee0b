import type { Operation } from "./operation";
import { StoreSettingsResponseSchema } from "../store-settings";

/** The store's settings. */
export const storeSettingsOperations = {
  // Store settings.
  getStoreSettings: { method: "GET", path: "/store-settings", response: StoreSettingsResponseSchema },
} as const satisfies Record<string, Operation>;
