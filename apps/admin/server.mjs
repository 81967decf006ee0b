// The back office's production server (`npm start`): security headers, static assets, compression, a log line
// per request, and React Router's handler. As the storefront's server.mjs, it exists so the back office can (1)
// tell the API the person's address (the API throttles failed staff sign-ins per client) and (2) send a
// Content-Security-Policy whose nonce React Router's inline scripts carry.
import { randomBytes, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { register } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import compression from "compression";
import express from "express";
import helmet from "helmet";

/** Must match app/root.tsx. */
const CLIENT_ADDRESS_HEADER = "x-quire-client-address";
/** Paths whose last segment is a one-time secret (an invitation, the first owner's set-up link): never logged. */
const SECRET_PATHS = /^\/(accept-invitation|set-up)\/[^/?]+/;

const here = path.dirname(fileURLToPath(import.meta.url));
// React Router's production build, not the development one its package names (@quire/web-kit's
// react-router-production.mjs): before anything that imports React Router is loaded.
register("@quire/web-kit/react-router-production", import.meta.url);
const { createRequestHandler } = await import("@react-router/express");
const build = await import(path.join(here, "build", "server", "index.js"));
const { createLoadContext, getEnv } = build.entry.module;
try {
  getEnv();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const port = Number(process.env.ADMIN_PORT || 3001);
const host = process.env.ADMIN_HOST;
const app = express();
let stopping = false;
app.disable("x-powered-by");
// Behind a load balancer, BACK_OFFICE_TRUST_PROXY (Express's "trust proxy": a hop count, addresses or "true").
const trustProxy = process.env.BACK_OFFICE_TRUST_PROXY;
if (trustProxy) app.set("trust proxy", /^\d+$/.test(trustProxy) ? Number(trustProxy) : trustProxy === "true" ? true : trustProxy);

/**
 * Scripts: our own files and this request's nonce only. The back office is never framed, never sends a form
 * elsewhere, and names no third party. HSTS only over HTTPS.
 */
function securityHeaders({ https }) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_request, response) => `'nonce-${response.locals.cspNonce}'`],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    xFrameOptions: { action: "deny" },
    referrerPolicy: { policy: "same-origin" },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}
const overHttps = securityHeaders({ https: true });
const overHttp = securityHeaders({ https: false });

app.use(compression());
app.use((request, response, next) => {
  const id = /^[\w.-]{1,100}$/.test(request.get("x-request-id") ?? "") ? request.get("x-request-id") : randomUUID();
  request.headers["x-request-id"] = id;
  response.setHeader("X-Request-Id", id);
  response.locals.cspNonce = randomBytes(16).toString("base64");
  response.setHeader("Permissions-Policy", "camera=(), geolocation=(), microphone=(), payment=(), usb=()");
  (request.secure ? overHttps : overHttp)(request, response, next);
});
app.get("/health", (_request, response) => {
  response
    .set("Cache-Control", "no-store")
    .status(stopping ? 503 : 200)
    .json({ status: stopping ? "stopping" : "ok" });
});
app.use(
  "/assets",
  express.static(path.join(here, "build", "client", "assets"), { immutable: true, maxAge: "1y", index: false, fallthrough: false }),
);
// A line per request (JSON), its path with one-time secrets cut out; no header is logged, so no cookie. LOG_LEVEL
// warn or quieter (as the tests run it) leaves the lines of requests out.
const logRequests = !["warn", "error", "fatal", "silent"].includes(process.env.LOG_LEVEL ?? "info");
app.use((request, response, next) => {
  const started = process.hrtime.bigint();
  if (logRequests)
    response.on("finish", () => {
      const url = request.originalUrl.split("?")[0].replace(SECRET_PATHS, (_match, kind) => `/${kind}/[secret]`);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      console.log(
        JSON.stringify({
          level: "info",
          requestId: request.headers["x-request-id"],
          method: request.method,
          url,
          status: response.statusCode,
          ms: Math.round(ms),
        }),
      );
    });
  request.headers[CLIENT_ADDRESS_HEADER] = request.ip ?? "";
  next();
});
app.use(
  createRequestHandler({
    build,
    mode: process.env.NODE_ENV,
    getLoadContext: (_request, response) => createLoadContext({ cspNonce: response.locals.cspNonce }),
  }),
);

const server = createServer({ headersTimeout: 20_000, requestTimeout: 120_000 }, app);
if (host) server.listen(port, host);
else server.listen(port);
server.on("listening", () => console.log(JSON.stringify({ level: "info", msg: `back office listening on http://localhost:${port}` })));

// Graceful shutdown: no new connections, the requests in flight answered, then exit (at most 10 s).
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(1), 10_000).unref();
    server.close(() => process.exit(0));
    server.closeIdleConnections();
  });
}
