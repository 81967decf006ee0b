import { operations, type OperationId, type OperationPart, type Operations, type SuccessStatusOf } from "@quire/contracts";
import type { FastifyContextConfig, FastifySchema } from "fastify";

// Every route registers from its entry in the contracts' operation table (docs/decisions/022): the method,
// the path and the schemas of what it takes and answers come from there, so the API cannot drift from the
// contract the storefront's client is typed by. A route adds only what is the server's business.

/** The parts of a route's schema that are the server's: documentation, security, the error codes it throws. */
type ServerSchema = Omit<FastifySchema, "operationId" | "params" | "querystring" | "headers" | "body" | "response">;

/** What a route says beside its operation. */
export interface ServerPart {
  schema: ServerSchema;
  config?: FastifyContextConfig;
}

/** Fastify's schema of an operation, exactly typed so that handlers see typed params, query, body and reply. */
type OperationSchema<Id extends OperationId> = ServerSchema & {
  operationId: Id;
  params: OperationPart<Id, "params">;
  querystring: OperationPart<Id, "query">;
  headers: OperationPart<Id, "headers">;
  body: OperationPart<Id, "body">;
  response: { [Status in SuccessStatusOf<Id>]: Operations[Id]["response"] };
};

/**
 * Fastify route options for an operation, without the handler: spread them into `app.route` and add it.
 * A part the operation does not take is left out rather than set to undefined, so the OpenAPI document and
 * the validation are what the route would have had written out by hand.
 */
export function operationRoute<Id extends OperationId>(operationId: Id, server: ServerPart) {
  const operation: Operations[OperationId] = operations[operationId];
  const parts: Record<string, unknown> = {
    params: "params" in operation ? operation.params : undefined,
    querystring: "query" in operation ? operation.query : undefined,
    headers: "headers" in operation ? operation.headers : undefined,
    body: "body" in operation ? operation.body : undefined,
  };
  const given = Object.fromEntries(Object.entries(parts).filter(([, schema]) => schema !== undefined));
  const status = "status" in operation ? operation.status : 200;
  // A success that is not JSON (a PDF) is documented under its own media type; Fastify sends its bytes as they are.
  const success = "produces" in operation ? { content: { [operation.produces]: { schema: operation.response } } } : operation.response;
  // A body that is not JSON (a CSV file) is documented under its own media type; the route parses it (addContentTypeParser).
  const consumes = "consumes" in operation ? { consumes: [operation.consumes] } : {};
  const schema = { ...server.schema, operationId, ...given, ...consumes, response: { [status]: success } };
  return {
    method: operation.method,
    url: operation.path,
    ...(server.config ? { config: server.config } : {}),
    schema: schema as unknown as OperationSchema<Id>,
  };
}
