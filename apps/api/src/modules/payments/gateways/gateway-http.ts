import { GatewayUnavailable } from "./payment-gateway";

/**
 * One call to a gateway's REST API, as the adapters that speak it directly make them: JSON in and out, a
 * 15-second limit, and any failure (no answer, or a status other than 2xx) a GatewayUnavailable naming the
 * gateway, the call and the start of its answer. The caller's headers carry its authentication and
 * idempotency key.
 */
export async function callGateway<T>(
  gateway: string,
  url: string,
  init: { method: "GET" | "POST"; headers: Record<string, string>; body?: unknown },
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: { "content-type": "application/json", ...init.headers },
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
  return (await response.json()) as T;
}
