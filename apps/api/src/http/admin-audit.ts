import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { insertAuditEntry } from "../modules/audit/audit.service";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route's service writes its audit entry itself, inside the transaction of the change, with the changed
     * fields (decision 046); the hook below records every other admin write.
     */
    auditedInService?: boolean;
  }
}

/** The kind of resource an admin path names: /admin/order-returns/:id/receive is an order_return. */
export function resourceTypeOf(url: string): string {
  const segment = url.split("/")[2] ?? "admin";
  return segment.replace(/-/g, "_").replace(/s$/, "");
}

/**
 * Records every successful admin write (any method but GET) in the audit log, before its answer is sent: who,
 * which operation, on which resource and id, from where. A write whose service records its own entry in its
 * transaction (config.auditedInService) is left to it. The change has committed by then; should the entry fail
 * to be written, the answer still goes out and the failure is logged as an error with the request id.
 */
export function registerAdminAudit(app: FastifyInstance, db: Db) {
  app.addHook("onSend", async (request: FastifyRequest, reply, payload) => {
    const config = request.routeOptions.config;
    const admin = request.ctx?.admin;
    if (!config?.admin || !admin || config.auditedInService || request.method === "GET" || reply.statusCode >= 300) return payload;
    // An answer replayed for a repeated Idempotency-Key is no new write.
    if (reply.getHeader("idempotent-replayed") === "true") return payload;
    const params = request.params as Record<string, unknown> | undefined;
    const id = params?.id;
    try {
      await insertAuditEntry(db, {
        storeId: request.ctx.store.id,
        actor: { type: admin.type, id: admin.id, label: admin.label },
        operation: String(request.routeOptions.schema?.operationId ?? request.routeOptions.url),
        resourceType: resourceTypeOf(request.routeOptions.url ?? ""),
        resourceId: id === undefined || id === null ? null : String(id),
        changes: null,
        clientIp: request.ctx.clientIp,
        requestId: request.id,
      });
    } catch (error) {
      request.log.error({ err: error }, "the audit entry of an admin write could not be written");
    }
    return payload;
  });
}
