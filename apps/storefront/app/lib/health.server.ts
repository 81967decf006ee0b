/**
 * The storefront's health for load balancers and orchestrators (issue 13), answered by server.mjs before any page
 * work. GET /health is liveness: the process answers, whatever the API does, so an API outage never gets
 * storefronts restarted. GET /health/ready is readiness: 200 when the API this storefront calls is ready (its own
 * /health/ready: its database answers, its start-up work is done), else 503 with Retry-After, so a balancer sends
 * shoppers to a storefront that can serve them.
 */

/** How long readiness waits for the API's answer: a balancer's checks come every few seconds. */
export const API_READY_TIMEOUT_MS = 2000;
export const NOT_READY_RETRY_AFTER_SECONDS = 5;

export interface Readiness {
  status: 200 | 503;
  body: { status: "ok" | "unavailable"; api: "ready" | "not ready" | "unreachable" } | { status: "stopping" };
}

/**
 * Readiness once the process has been told to stop (SIGTERM): not ready, whatever the API says, so a balancer
 * that still holds a connection to it sends the next shopper elsewhere while the requests in flight finish.
 */
export const STOPPING_READINESS: Readiness = { status: 503, body: { status: "stopping" } };

export async function storefrontReadiness(apiUrl: string, fetchApi: typeof fetch = fetch): Promise<Readiness> {
  try {
    const answer = await fetchApi(new URL("/health/ready", apiUrl), { signal: AbortSignal.timeout(API_READY_TIMEOUT_MS) });
    await answer.body?.cancel();
    return answer.ok
      ? { status: 200, body: { status: "ok", api: "ready" } }
      : { status: 503, body: { status: "unavailable", api: "not ready" } };
  } catch {
    return { status: 503, body: { status: "unavailable", api: "unreachable" } };
  }
}
