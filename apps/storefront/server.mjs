// The storefront's production server (`npm start`): security headers, static assets, compression, request logs,
// and React Router's request handler. It exists, rather than react-router-serve, because only a server of our
// own can (1) tell the API the shopper's address: the API throttles failed sign-ins per client, so this server
// writes that address into a request header of its own (overwriting anything a client sent), the app forwards
// it to the API as X-Forwarded-For, and the API trusts it from the storefront alone (TRUST_PROXY); and (2) send
// a Content-Security-Policy whose nonce React Router's inline scripts carry (decision 011).
import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import { createServer } from "node:http";
import { register } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { trace } from "@opentelemetry/api";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";

/** Must match app/lib/client-address.server.ts. */
const CLIENT_ADDRESS_HEADER = "x-quire-client-address";

/**
 * Where "Place order" may send the shopper: the storefront itself, and the payment gateways' hosted pages.
 * Without JavaScript the order form's answer is a redirect to the gateway's page, and browsers hold such a
 * redirect to form-action too. The gateways' live and test pages are listed; PAYMENT_PAGE_ORIGINS adds more
 * (comma-separated origins), as `npm start` does for the payment sandbox.
 */
const PAYMENT_PAGE_ORIGINS = [
  "https://checkout.stripe.com",
  "https://www.paypal.com",
  "https://www.sandbox.paypal.com",
  "https://*.adyen.link",
  "https://www.mollie.com",
  ...(process.env.PAYMENT_PAGE_ORIGINS ?? "")
    .split(",")
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map((origin) => new URL(origin).origin),
];

/** Browser features the shop never uses, switched off for it and for anything it embeds. */
const PERMISSIONS_POLICY = [
  "accelerometer",
  "autoplay",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "usb",
  "xr-spatial-tracking",
]
  .map((feature) => `${feature}=()`)
  .join(", ");

// React Router's production build, not the development one its package names (@quire/web-kit's
// react-router-production.mjs): before anything that imports React Router is loaded.
register("@quire/web-kit/react-router-production", import.meta.url);
const { createRequestHandler } = await import("@react-router/express");
const here = path.dirname(fileURLToPath(import.meta.url));
const build = await import(path.join(here, "build", "server", "index.js"));
// TypeScript the build compiled (app/entry.server.tsx re-exports it): the load context and the log's redaction.
const {
  createLoadContext,
  getEnv,
  NOT_READY_RETRY_AFTER_SECONDS,
  createLog,
  inRequestScope,
  requestLogger,
  routeConsoleTo,
  requestIdFor,
  SCRIPT_HASHES_HEADER,
  startPageCache,
  storefrontReadiness,
  STOPPING_READINESS,
  tagManagerOriginFor,
  withScriptHashes,
} = build.entry.module;
// The configuration is checked before the first request: a mistyped setting (a tag-manager id that is not
// GTM-…) stops the storefront here, with the corrected form, instead of failing every page.
let env;
try {
  env = getEnv();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
// From here on every line is JSON, each line of a request with its id (app/lib/log.server.ts), console's included.
const log = createLog(env.LOG_LEVEL);
routeConsoleTo(log);

/**
 * Who may show the shop in a frame: nobody, or exactly the editor whose preview frame EDITOR_PREVIEW_ORIGIN
 * names (not 'self' too: the shop never frames itself). With an origin allowed, X-Frame-Options,
 * which cannot name one, is left out and browsers follow frame-ancestors alone.
 */
const FRAME_ANCESTORS = env.EDITOR_PREVIEW_ORIGIN ? [env.EDITOR_PREVIEW_ORIGIN] : ["'none'"];
const port = Number(process.env.PORT || 3000);
const host = process.env.HOST;

const app = express();
/** Set once SIGTERM or SIGINT has come: readiness answers 503 from then on (graceful shutdown, below). */
let stopping = false;
app.disable("x-powered-by");
// Behind a load balancer, STOREFRONT_TRUST_PROXY (Express's "trust proxy" setting: a hop count, addresses or
// "true") lets req.ip, req.protocol and req.hostname come from X-Forwarded-For/-Proto/-Host; otherwise they
// are the socket's and the Host header's. React Router's request URL, and so the storefront's own origin for
// the cross-site check, is built from the same values.
const trustProxy = process.env.STOREFRONT_TRUST_PROXY;
if (trustProxy) app.set("trust proxy", /^\d+$/.test(trustProxy) ? Number(trustProxy) : trustProxy === "true" ? true : trustProxy);

/**
 * The tag manager's origin when this page will load its script (analytics consent and a configured container
 * id: app/features/consent), else nothing: the policy names no third party for anyone else.
 */
const withTagManager =
  (...sources) =>
  (_request, response) =>
    [...sources, response.locals.tagManagerOrigin].filter(Boolean).join(" ");

/**
 * Helmet's headers, with a script policy that allows our own files and this request's nonce only: no
 * 'unsafe-inline' for scripts. Styles keep 'unsafe-inline' for the style attributes React Aria and a few
 * components set. HSTS and upgrade-insecure-requests only over HTTPS (req.secure, which honours a trusted
 * proxy's X-Forwarded-Proto): over plain HTTP, a local demo, they would lock the browser out.
 */
function securityHeaders({ https }) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (request, response) => withTagManager(`'nonce-${response.locals.cspNonce}'`)(request, response)],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", withTagManager("data:")],
        fontSrc: ["'self'"],
        connectSrc: [withTagManager("'self'")],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...PAYMENT_PAGE_ORIGINS],
        frameAncestors: FRAME_ANCESTORS,
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    xFrameOptions: FRAME_ANCESTORS.length === 1 && FRAME_ANCESTORS[0] === "'none'" ? { action: "deny" } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}
const overHttps = securityHeaders({ https: true });
const overHttp = securityHeaders({ https: false });

// React Router writes a page as React streams it and calls res.flush() after every chunk it writes. Node's
// zlib flushes a gzip stream with Z_FULL_FLUSH by default, which also empties the compressor's dictionary: a
// product page came out 12.5 KB instead of 10.6 KB with three such flushes (issue 9). So gzip (and deflate)
// flushes every write with Z_SYNC_FLUSH, which keeps the dictionary (about 100 bytes more than compressing the
// page whole), and res.flush() does nothing more for them. Brotli's flush keeps its state but costs more per
// call, so brotli is flushed once per turn of the event loop instead: the chunks React renders together arrive
// within one turn and go out as one block, and a Suspense boundary that resolves later still goes out at once.
// A page's document comes to these writes already gathered per turn (app/lib/turn-buffer.server.ts), so each turn's
// part of it is compressed, flushed and sent once.
app.use(compression({ flush: zlib.constants.Z_SYNC_FLUSH }));
app.use((_request, response, next) => {
  const flush = response.flush;
  if (typeof flush === "function") {
    let scheduled = false;
    response.flush = () => {
      if (scheduled || response.getHeader("Content-Encoding") !== "br") return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        if (!response.writableEnded) flush.call(response);
      });
    };
  }
  next();
});
// Each request's id first: kept from a load balancer when it is a plain token, else new; answered, logged, and sent
// on to the API with every call the request makes (app/lib/request-id.server.ts).
app.use((request, response, next) => {
  const id = requestIdFor(request.get("x-request-id"));
  request.headers["x-request-id"] = id;
  response.setHeader("X-Request-Id", id);
  // With traces exported (@quire/telemetry), the request's span carries the id that finds its log lines.
  trace.getActiveSpan()?.setAttribute("quire.request_id", id);
  inRequestScope(id, next);
});
// Headers first, so static files, pages, resource routes and error answers all carry them.
app.use((request, response, next) => {
  response.locals.cspNonce = randomBytes(16).toString("base64");
  response.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
  tagManagerOriginFor(request.headers.cookie).then((origin) => {
    response.locals.tagManagerOrigin = origin;
    (request.secure ? overHttps : overHttp)(request, response, next);
  }, next);
});
// Liveness and readiness for a load balancer (app/lib/health.server.ts): never cached, never logged as pages are.
app.get("/health", (_request, response) => {
  response.set("Cache-Control", "no-store").json({ status: "ok" });
});
app.get("/health/ready", (_request, response, next) => {
  (stopping ? Promise.resolve(STOPPING_READINESS) : storefrontReadiness(env.API_URL)).then(({ status, body }) => {
    response.set("Cache-Control", "no-store");
    if (status === 503) response.set("Retry-After", String(NOT_READY_RETRY_AFTER_SECONDS));
    response.status(status).json(body);
  }, next);
});
// Which build this server runs (React Router's manifest version, which each page's scripts know as theirs): a page
// whose route fails while the two differ reloads in full, once per 10 s (app/features/app-version).
app.get("/__version", (_request, response) => {
  response.set("Cache-Control", "no-store").json({ version: build.assets.version });
});
// The build's assets, sent as the build compressed them (vite.config.ts writes each script, stylesheet and SVG
// gzipped and in brotli beside it): the encoding the browser accepts, brotli first, never compressed again here.
app.use(
  "/assets",
  expressStaticGzip(path.join(here, "build", "client", "assets"), {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    index: false,
    serveStatic: { immutable: true, maxAge: "1y" },
  }),
);
// The public files (icons, the web app manifest) sit at the top of the client build, next to assets/. They are
// listed once at start, so a page request costs no file-system lookup on its way to React Router.
const clientDir = path.join(here, "build", "client");
const publicFiles = new Set(
  readdirSync(clientDir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `/${entry.name}`),
);
const servePublicFile = express.static(clientDir, { maxAge: "1h", index: false });
app.use((request, response, next) => (publicFiles.has(request.path) ? servePublicFile(request, response, next) : next()));
// A line per request past the static files, secrets redacted (tokens in emailed-link paths, ids in query
// strings); it names no header, so no cookie or Authorization.
app.use(requestLogger(log));
app.use((request, _response, next) => {
  request.headers[CLIENT_ADDRESS_HEADER] = request.ip ?? "";
  next();
});
if (trustProxy) {
  // @react-router/express takes the request URL's host name from a trusted X-Forwarded-Host but, when that
  // names no port (https://shop.example), the port from the internal Host header (shop.example:3000): the
  // origin then never matches the browser's Origin, nor belongs in a sitemap. React Router gets the Host the
  // shopper asked for. req.hostname is the forwarded one only when Express trusts the proxy that sent it. A
  // forwarded value that is no host name at all is dropped: the request URL could not be built from it.
  app.use((request, _response, next) => {
    const forwardedHost = request.get("x-forwarded-host")?.split(",")[0]?.trim();
    if (forwardedHost !== undefined && !URL.canParse(`http://${forwardedHost}`)) {
      delete request.headers["x-forwarded-host"];
    } else if (forwardedHost && new URL(`http://${forwardedHost}`).hostname === request.hostname.toLowerCase()) {
      request.headers.host = forwardedHost;
    }
    next();
  });
}
// Public pages (no basket, no sign-in) kept in memory and answered without a render, each forgotten as soon as the
// API says something it shows changed (app/lib/page-cache, decision 064); PAGE_CACHE=off renders every page. After the
// security headers (a kept page's policy names its scripts' hashes instead of this request's nonce) and the log.
const pageCache = startPageCache(env, log);
if (pageCache) app.use(pageCache.handle);
// A page that may be shared names its inline scripts' hashes (app/entry.server.tsx): its policy lists them in place of
// this request's nonce, so no copy a cache keeps carries a nonce that works (decision 064).
app.use((_request, response, next) => {
  const writeHead = response.writeHead;
  response.writeHead = function (...args) {
    const hashes = response.getHeader(SCRIPT_HASHES_HEADER);
    if (hashes !== undefined) {
      response.removeHeader(SCRIPT_HASHES_HEADER);
      const policy = response.getHeader("Content-Security-Policy");
      if (typeof policy === "string")
        response.setHeader("Content-Security-Policy", withScriptHashes(policy, response.locals.cspNonce, String(hashes)));
    }
    return writeHead.apply(this, args);
  };
  next();
});
// app.use rather than app.all("*"): a route pattern makes Express decode the path first and answer a
// malformed one (/store/%E0%A4%A) with its own plain-text 400; React Router's root middleware answers it with
// the shop's error page instead.
app.use(
  createRequestHandler({
    build,
    mode: process.env.NODE_ENV,
    getLoadContext: (_request, response) => createLoadContext({ cspNonce: response.locals.cspNonce }),
  }),
);

// A client must send its headers within HEADERS_TIMEOUT_MS and its whole request within REQUEST_TIMEOUT_MS, else
// Node answers 408 and closes the connection: a client that trickles bytes holds no connection for long. Node
// looks for such clients every CONNECTIONS_CHECK_MS (its default, 30 s, would let one stay three times longer).
const CONNECTIONS_CHECK_MS = 1000;
const server = createServer(
  {
    headersTimeout: Math.min(env.HEADERS_TIMEOUT_MS, env.REQUEST_TIMEOUT_MS),
    requestTimeout: env.REQUEST_TIMEOUT_MS,
    connectionsCheckingInterval: CONNECTIONS_CHECK_MS,
  },
  app,
);
if (host) server.listen(port, host);
else server.listen(port);
server.on("listening", () => log.info(`storefront listening on http://localhost:${port}`));
/**
 * How long a client may go on sending a body the shop refused (413) once the answer has gone. A server that closed
 * the connection at once, with the body still coming, would have its kernel reset it, and a client still writing
 * would often lose the answer with it (a "write EPIPE" instead of the 413). So the rest of the body is read and
 * thrown away for this long, and only a client still sending after it is cut off: by then its answer has long
 * arrived.
 */
const REFUSED_BODY_LINGER_MS = 2000;

server.on("request", (request, response) => {
  response.on("finish", () => {
    // Once stopping, a keep-alive connection whose request finishes closes as soon as its answer has gone, instead
    // of staying open (and keeping the server from closing) until its idle time-out.
    if (stopping) setImmediate(() => server.closeIdleConnections());
    if (response.statusCode === 413 && !request.complete && !request.destroyed) {
      // The app's request body (a web stream over this request) is done with: stop filling it, and discard.
      request.removeAllListeners("data");
      request.resume();
      const cutOff = setTimeout(() => request.socket.destroy(), REFUSED_BODY_LINGER_MS);
      cutOff.unref();
      request.once("end", () => clearTimeout(cutOff));
      request.socket.once("close", () => clearTimeout(cutOff));
    }
  });
});

// Graceful shutdown (issue 13): on SIGTERM the server takes no new connections, closes its idle ones, says not
// ready to a balancer still connected, and exits 0 once the requests in flight have been answered; if the grace
// (SHUTDOWN_GRACE_SECONDS) runs out first it exits 1 all the same, so no request keeps the process for ever.
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, graceSeconds: env.SHUTDOWN_GRACE_SECONDS }, "stopping: taking no new requests, finishing those in flight");
    const deadline = setTimeout(() => {
      log.error("stopping: requests still in flight when the grace ran out; exiting without them");
      process.exit(1);
    }, env.SHUTDOWN_GRACE_SECONDS * 1000);
    pageCache?.close();
    server.close(() => {
      clearTimeout(deadline);
      log.info("stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
  });
}
