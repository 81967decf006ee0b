import { operations, type OperationId } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { useTestApi } from "../testing/test-api";

/** Routes that are the server's own, not operations of the contract: the docs, the document, health checks. */
const OUTSIDE_THE_CONTRACT = [/^\/docs(\/|\*|$)/, /^\/openapi\.json$/, /^\/health(\/ready)?$/];

const api = useTestApi(async () => undefined);

/**
 * Every route the app registers, as "METHOD /path", read from Fastify's printed route tree (it has no list
 * of routes to ask). Each line's indent says its depth; a line's path continues its parent's. HEAD is left
 * out: Fastify adds it beside each GET.
 */
function registeredRoutes(tree: string): string[] {
  const ancestors: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split("\n")) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    ancestors.length = depth;
    const path = ancestors.join("") + match[2]!;
    ancestors.push(match[2]!);
    for (const method of match[3]?.split(", ") ?? []) if (method !== "HEAD") routes.push(`${method} ${path}`);
  }
  return routes;
}

describe("the operation table and the routes", () => {
  it("has every operation registered with its method and path, under its operationId", async () => {
    const document = (await api.get("/openapi.json")).json() as { paths: Record<string, Record<string, { operationId: string }>> };
    for (const [operationId, operation] of Object.entries(operations)) {
      expect(
        api.app.hasRoute({ method: operation.method, url: operation.path }),
        `${operationId}: ${operation.method} ${operation.path}`,
      ).toBe(true);
      const documentedPath = operation.path.replace(/:(\w+)/g, "{$1}");
      expect(document.paths[documentedPath]?.[operation.method.toLowerCase()]?.operationId).toBe(operationId);
    }
  });

  it("has an operation for every route the app registers, other than its docs and health checks", () => {
    const routes = registeredRoutes(api.app.printRoutes({ commonPrefix: false }));
    // The parse itself is checked, so a change in Fastify's printout fails here rather than passing empty.
    expect(routes).toEqual(expect.arrayContaining(["GET /health", "GET /store-settings", "PUT /wishlists/:id/wishlist-items/:itemId"]));
    const inTable = new Set(Object.values(operations).map((operation) => `${operation.method} ${operation.path}`));
    const outside = routes.filter((route) => !OUTSIDE_THE_CONTRACT.some((pattern) => pattern.test(route.split(" ")[1]!)));
    expect(outside.filter((route) => !inTable.has(route))).toEqual([]);
    expect(outside).toHaveLength(Object.keys(operations).length);
  });

  it("says each operation's success status in the document as the table does", async () => {
    const document = (await api.get("/openapi.json")).json() as { paths: Record<string, Record<string, { responses: object }>> };
    for (const id of Object.keys(operations) as OperationId[]) {
      const operation = operations[id];
      const status = String("status" in operation ? operation.status : 200);
      const responses = document.paths[operation.path.replace(/:(\w+)/g, "{$1}")]![operation.method.toLowerCase()]!.responses;
      expect(
        Object.keys(responses).filter((code) => code.startsWith("2")),
        id,
      ).toEqual([status]);
    }
  });
});
