import type { Operation } from "./operation";
import { AdminStoreSettingsResponseSchema, StoreSettingsResponseSchema, UpdateAdminStoreSettingsBodySchema } from "../store-settings";

/** The store's settings: what the storefront reads, and the merchant's calls that change them. */
export const storeSettingsOperations = {
  // Store settings.
  getStoreSettings: { method: "GET", path: "/store-settings", response: StoreSettingsResponseSchema },
  // The merchant's (admin API, permission `settings`).
  getAdminStoreSettings: { method: "GET", path: "/admin/settings", response: AdminStoreSettingsResponseSchema },
  updateAdminStoreSettings: {
    method: "PUT",
    path: "/admin/settings",
    body: UpdateAdminStoreSettingsBodySchema,
    response: AdminStoreSettingsResponseSchema,
  },
} as const satisfies Record<string, Operation>;
