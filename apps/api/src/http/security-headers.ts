import helmet from "@fastify/helmet";
import type { FastifyInstance, FastifyReply } from "fastify";

/**
 * The API answers JSON, so its policy allows nothing to load or frame it. Only the readable docs (/docs, an
 * HTML page from @fastify/swagger-ui) load anything, and only their own files: DOCS_CSP, which swagger-ui
 * sets on its routes.
 */
const API_CSP = {
  defaultSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
  frameAncestors: ["'none'"],
};
export const DOCS_CSP =
  "default-src 'self'; img-src 'self' data:; script-src 'self'; style-src 'self'; font-src 'self' data:; " +
  "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Nothing the API serves needs a camera, a microphone, a location or a payment sheet. */
const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()";
const HSTS = "max-age=31536000; includeSubDomains";

/**
 * The same headers, set by hand, for the few answers Fastify gives before any hook runs (a URL it cannot
 * decode): what helmet would have sent for API_CSP.
 */
export function setSecurityHeadersBeforeRouting(reply: FastifyReply) {
  reply.headers({
    "content-security-policy": "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
    "cross-origin-resource-policy": "same-origin",
    "permissions-policy": PERMISSIONS_POLICY,
  });
}

/**
 * Security headers on every answer, errors and 404s included: helmet's set (nosniff, frame-ancestors and
 * X-Frame-Options, Referrer-Policy, cross-origin policies) with the policy above, a Permissions-Policy, and
 * HSTS only when the request came over HTTPS (directly, or per X-Forwarded-Proto from a trusted proxy), since
 * a browser ignores it over plain HTTP and a local http:// API must stay reachable.
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: API_CSP },
    strictTransportSecurity: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "deny" },
    crossOriginResourcePolicy: { policy: "same-origin" },
  });
  app.addHook("onRequest", async (request, reply) => {
    reply.header("permissions-policy", PERMISSIONS_POLICY);
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
  });
}
