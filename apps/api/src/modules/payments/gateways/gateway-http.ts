import { GatewayUnavailable } from "./payment-gateway";

export type GatewayMethod = "GET" | "POST" | "PATCH" | "DELETE";

/**
 * One call to a gateway's REST API, as the adapters that speak it directly make them: JSON in and out, a
 * 15-second limit, and any failure (no answer, or a status other than 2xx) a GatewayUnavailable naming the
 * gateway, the call and the start of its answer. The caller's headers carry its authentication and
 * idempotency key. A 204 (PayPal's answer to a PATCH) has no body: it resolves to undefined.
 */
export async function callGateway<T>(
  gateway: string,
  url: string,
  init: { method: GatewayMethod; headers: Record<string, string>; body?: unknown },
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      // A call without a body (a GET, Mollie's DELETE) declares no content type: an empty JSON body is refused.
      headers: init.body === undefined ? init.headers : { "content-type": "application/json", ...init.headers },
      ...(init.body === undefined ? {} : { body: typeof init.body === "string" ? init.body : JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new GatewayUnavailable(`${gateway} did not answer: ${(error as Error).message}`);
  }
  if (!response.ok) {
    const detail = await response.text().catch(() => "");
    throw new GatewayUnavailable(
      `${gateway} answered ${response.status} to ${init.method} ${new URL(url).pathname}: ${detail.slice(0, 300)}`,
    );
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
