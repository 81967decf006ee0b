import { isIP } from "node:net";
import type { FastifyRequest } from "fastify";

/** A well-formed IPv4 or IPv6 address, IPv4-mapped IPv6 written as plain IPv4; null for anything else. */
export function normaliseAddress(value: string | undefined): string | null {
  if (!value || value.length > 45) return null;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(value);
  const plain = mapped?.[1] ?? value;
  return isIP(plain) === 0 ? null : plain.toLowerCase();
}

/**
 * The caller's address, for per-client limits. Fastify takes it from X-Forwarded-For when the connection
 * comes from a trusted proxy (TRUST_PROXY), and believes whatever the header holds; a value that is not a
 * well-formed address (junk, or 2,000 characters of it) is refused here and the connection's own address is
 * used instead, so a header cannot invent throttle keys of any shape. A trusted proxy can still name any
 * well-formed address: trust it only if it sets the header itself (the storefront's server does).
 */
export function clientAddressOf(request: FastifyRequest): string {
  return normaliseAddress(request.ip) ?? normaliseAddress(request.socket.remoteAddress) ?? "unknown";
}
