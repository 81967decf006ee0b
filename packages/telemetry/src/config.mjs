/** @typedef {Record<string, string | undefined>} Env */

/**
 * Whether traces are to be exported: an OTLP endpoint is set (the standard variables), and the SDK not turned off.
 * @param {Env} env
 */
export function tracingConfigured(env) {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  return Boolean(endpoint) && env.OTEL_SDK_DISABLED !== "true" && env.OTEL_TRACES_EXPORTER !== "none";
}

/**
 * The service a process reports as: OTEL_SERVICE_NAME when set, else named after its entry file (the API's
 * main.js, its worker.js, the storefront's server.mjs), so that `npm start` and the containers need no setting.
 * @param {Env} env
 * @param {string} entry the path of the process's entry file (process.argv[1])
 */
export function serviceNameOf(env, entry) {
  if (env.OTEL_SERVICE_NAME) return env.OTEL_SERVICE_NAME;
  const normalised = entry.replaceAll("\\", "/");
  if (normalised.endsWith("/worker.js")) return "quire-worker";
  if (normalised.includes("/storefront/")) return "quire-storefront";
  if (normalised.includes("/payment-sandbox/")) return "quire-payment-sandbox";
  if (normalised.includes("/api/")) return "quire-api";
  return "quire";
}

/**
 * Attributes never exported: addresses and queries may carry what must stay private (sign-in and unsubscribe
 * tokens in links, a basket's anonymousId, the shopper's IP address and browser), the same things no log line
 * carries. A span keeps its method, status, timing and, where the app set it, the route's pattern
 * (`http.route`) and the request id (`quire.request_id`) that finds its log lines.
 */
const PRIVATE_ATTRIBUTES = new Set([
  "http.url",
  "http.target",
  "http.client_ip",
  "http.user_agent",
  "url.full",
  "url.path",
  "url.query",
  "client.address",
  "client.port",
  "net.peer.ip",
  "net.sock.peer.addr",
  "network.peer.address",
  "user_agent.original",
  "db.connection_string",
]);

/**
 * The attributes of a span as they may leave the process.
 * @param {Record<string, unknown>} attributes
 * @returns {Record<string, unknown>}
 */
export function exportableAttributes(attributes) {
  return Object.fromEntries(Object.entries(attributes).filter(([name]) => !PRIVATE_ATTRIBUTES.has(name)));
}
