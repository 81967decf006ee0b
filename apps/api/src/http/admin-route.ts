import type { Permission } from "@quire/contracts";
import type { FastifyRequest } from "fastify";
import type { AdminWrite } from "../modules/audit/audit.service";

/** Every admin call may answer these: no credential, a wrong key or token, or a role without the permission. */
export const ADMIN_AUTH_ERRORS = ["admin_key_missing", "admin_key_invalid", "staff_token_invalid", "permission_denied"] as const;

/** The admin API's credentials, as the OpenAPI document names them: a bootstrap key, or a staff session's or API token's bearer token. */
export const ADMIN_SECURITY: Array<Record<string, string[]>> = [
  { adminKey: [], storeKey: [] },
  { bearer: [], storeKey: [] },
];

/**
 * What an admin route declares beside its operation: the Admin tag, the credentials, and the permission its
 * caller's role must hold (decision 046). Spread `config` into the route and `schema` into its schema.
 */
export function adminAccess(permission: Permission | "own-session") {
  return {
    config: { admin: true, permission },
    schema: { tags: ["Admin"], security: ADMIN_SECURITY },
    errors: ADMIN_AUTH_ERRORS,
  };
}

/**
 * The merchant acting, as a status change's history records them: by the admin key's number (0 for staff and
 * tokens, whose ids are the audit log's), and by name.
 */
export function merchantActorOf(request: FastifyRequest): { type: "merchant"; id: number; label?: string } {
  const principal = request.ctx.admin;
  return { type: "merchant", id: request.ctx.adminKeyNumber ?? 0, ...(principal ? { label: principal.label } : {}) };
}

/** The caller of an admin route and where the call came from, for the audit log. */
export function adminWriteOf(request: FastifyRequest): AdminWrite {
  const principal = request.ctx.admin;
  if (!principal) throw new Error("adminWriteOf called outside an admin route");
  return {
    storeId: request.ctx.store.id,
    principal,
    operation: String(request.routeOptions.schema?.operationId ?? request.routeOptions.url),
    clientIp: request.ctx.clientIp,
    requestId: request.id,
  };
}
