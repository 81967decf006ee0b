import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Agent } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_UNREACHABLE, ApiRequestError, createOperationClient, UNEXPECTED_RESPONSE } from "./operation-client";

/*
 * The core of the typed client against a stand-in API: how a call is sent (method, path, query, headers, body as
 * JSON or as a CSV file's text), and how its answer is read (parsed by the operation's schema, a failure as the API's
 * errors). The storefront's api.server.test.ts covers its own policy on top.
 */
const seen: { method: string; url: string; type: string | undefined; body: string }[] = [];
let server: Server;
let apiUrl: string;
const dispatcher = new Agent();

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      seen.push({ method: request.method!, url: request.url!, type: request.headers["content-type"], body });
      const reply = (status: number, answer?: unknown) => {
        response.writeHead(status, answer === undefined ? {} : { "content-type": "application/json" });
        response.end(answer === undefined ? undefined : JSON.stringify(answer));
      };
      if (request.url?.startsWith("/admin/catalogue/imports/dry-run")) {
        return reply(400, { errors: [{ code: "csv_missing_columns", message: "The file lacks columns its format needs", field: "body" }] });
      }
      if (request.url === "/admin/orders/7/deliver") return reply(200, { data: { id: "seven" } });
      if (request.url === "/admin/api-tokens/3") return reply(204);
      response.writeHead(502, { "content-type": "text/html" });
      response.end("<p>Bad gateway</p>");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await dispatcher.close();
  await new Promise((resolve) => server.close(resolve));
});

const client = (url = apiUrl) =>
  createOperationClient({
    apiUrl: url,
    dispatcher,
    headersOf: (callHeaders, hasBody) => ({
      StoreKey: "quire-demo",
      ...(hasBody ? { "content-type": "application/json" } : {}),
      ...callHeaders,
    }),
    unreachable: (error) => new ApiRequestError(503, [{ code: API_UNREACHABLE, message: String(error) }]),
  });

describe("the typed client's core", () => {
  it("sends a CSV file's text as text/csv, and reads a refusal as the API's errors", async () => {
    const refusal = await client()
      .call("checkCatalogueImport", { query: { format: "quire" }, body: "handle,title\nbook,Book\n" })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiRequestError);
    expect(refusal).toMatchObject({ status: 400, errors: [{ code: "csv_missing_columns", field: "body" }] });
    expect(seen.at(-1)).toEqual({
      method: "POST",
      url: "/admin/catalogue/imports/dry-run?format=quire",
      type: "text/csv; charset=utf-8",
      body: "handle,title\nbook,Book\n",
    });
  });

  it("refuses to send what the operation does not take: a CSV operation's body must be text", async () => {
    await expect(
      client().call("checkCatalogueImport", { query: { format: "quire" }, body: { rows: [] } as unknown as string }),
    ).rejects.toThrow(TypeError);
  });

  it("answers a 204 as null and checks a 2xx against the operation's schema", async () => {
    expect(await client().call("revokeApiToken", { params: { id: 3 } })).toBeNull();
    await expect(client().call("deliverOrder", { params: { id: 7 } })).rejects.toThrow(/expected number/i);
  });

  it("gives an unreadable failure its own code, and a call that got no answer the policy's", async () => {
    await expect(client().call("listStaff")).rejects.toMatchObject({ status: 502, errors: [{ code: UNEXPECTED_RESPONSE }] });
    await expect(client("http://127.0.0.1:1").call("listStaff")).rejects.toMatchObject({
      status: 503,
      errors: [{ code: API_UNREACHABLE }],
    });
  });
});
