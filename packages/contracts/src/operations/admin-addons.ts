import type { Operation } from "./operation";
import { IdempotentCallHeadersSchema } from "../common";
import {
  AdminAddonListResponseSchema,
  AdminAddonParamsSchema,
  AdminAddonResponseSchema,
  CreateAdminAddonBodySchema,
  UpdateAdminAddonBodySchema,
} from "../admin-addons";

/** The merchant's add-ons (admin API, permission `catalogue`): gift wrap, cards, and their priced options. */
export const adminAddonOperations = {
  listAdminAddons: { method: "GET", path: "/admin/addons", response: AdminAddonListResponseSchema },
  createAdminAddon: {
    method: "POST",
    path: "/admin/addons",
    headers: IdempotentCallHeadersSchema,
    body: CreateAdminAddonBodySchema,
    response: AdminAddonResponseSchema,
    status: 201,
  },
  getAdminAddon: { method: "GET", path: "/admin/addons/:id", params: AdminAddonParamsSchema, response: AdminAddonResponseSchema },
  updateAdminAddon: {
    method: "PUT",
    path: "/admin/addons/:id",
    params: AdminAddonParamsSchema,
    body: UpdateAdminAddonBodySchema,
    response: AdminAddonResponseSchema,
  },
} as const satisfies Record<string, Operation>;
