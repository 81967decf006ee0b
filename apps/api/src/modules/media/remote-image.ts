import { lookup as lookupAddresses, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

export interface RemoteImageOptions {
  /** The most bytes the image may have; a larger one is refused as soon as that is known. */
  maxBytes: number;
  /** The whole download, redirects and name look-ups included, must be done within this. */
  timeoutMs: number;
  /** Whether the URL may lead to a private, loopback or link-local address: for tests and closed networks. */
  allowPrivateAddresses: boolean;
  /** How many redirects to follow (3 unless told). */
  maxRedirects?: number;
}

export type RemoteImageRefusal =
  "not_http" | "private_address" | "unresolvable" | "too_large" | "timeout" | "http_status" | "unreachable" | "too_many_redirects";

/**
 * An image URL that could not or would not be downloaded. The message is written for the merchant whose
 * catalogue file named the URL (it goes into the import's report) and names at most the URL's host: a query
 * string may carry a signed link's secret, so it is never repeated.
 */
export class RemoteImageRefused extends Error {
  constructor(
    readonly reason: RemoteImageRefusal,
    message: string,
  ) {
    super(message);
    this.name = "RemoteImageRefused";
  }
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Downloads an image a catalogue file points to. The file comes from outside, so the URL could aim at the
 * API's own network (a database, a cloud's metadata service at 169.254.169.254): every address its host
 * resolves to must be public, the connection goes to the very addresses that were checked (a second DNS
 * answer cannot swap in another), and each redirect is checked the same way. The download is bounded in time
 * and in size.
 */
export async function fetchRemoteImage(url: string, options: RemoteImageOptions): Promise<Buffer> {
  const maxRedirects = options.maxRedirects ?? 3;
  const deadline = AbortSignal.timeout(options.timeoutMs);
  let target = parseHttpUrl(url, "The image URL must be a web address starting with http:// or https://");
  for (let redirects = 0; ; redirects += 1) {
    const answer = await downloadOnce(target, options, deadline);
    if (answer.kind === "image") return answer.bytes;
    if (redirects >= maxRedirects) {
      throw new RemoteImageRefused("too_many_redirects", `The image URL redirected more than ${maxRedirects} times`);
    }
    target = parseHttpUrl(
      resolveLocation(answer.location, target),
      "The image URL redirected to an address that is not an http:// or https:// web address",
    );
  }
}

/**
 * Whether an address is on the public internet: not loopback, private (10/8, 172.16/12, 192.168/16), link-local
 * (169.254/16, fe80::/10, where cloud metadata services answer), unique-local IPv6 (fc00::/7), unspecified,
 * multicast, broadcast, carrier-grade NAT (100.64/10), documentation or otherwise reserved. An IPv4 address
 * written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is. Anything that is not a plain address
 * is not public.
 */
export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 0) return false;
  // process() turns an IPv4-mapped IPv6 address into its IPv4 address.
  return ipaddr.process(address).range() === "unicast";
}

type Answer = { kind: "image"; bytes: Buffer } | { kind: "redirect"; location: string };

function downloadOnce(target: URL, options: RemoteImageOptions, deadline: AbortSignal): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    let request: http.ClientRequest | undefined;
    let settled = false;
    // Settles once; whatever the connection does afterwards is ignored, and the connection itself is closed.
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      deadline.removeEventListener("abort", onTimeout);
      outcome();
      request?.destroy();
    };
    const fail = (error: unknown) => settle(() => reject(error instanceof RemoteImageRefused ? error : connectionRefusal(error, target)));
    const onTimeout = () =>
      fail(new RemoteImageRefused("timeout", `The image URL did not send the whole image within ${seconds(options.timeoutMs)}`));
    if (deadline.aborted) return onTimeout();
    deadline.addEventListener("abort", onTimeout, { once: true });

    const receive = (response: http.IncomingMessage) => {
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(status) && location) return settle(() => resolve({ kind: "redirect", location }));
      if (status < 200 || status > 299) return fail(new RemoteImageRefused("http_status", `The image URL answered ${status}`));
      const tooLarge = () =>
        new RemoteImageRefused("too_large", `The image is larger than the ${megabytes(options.maxBytes)} an image may have`);
      const lengthHeader = response.headers["content-length"];
      const declared = lengthHeader && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : undefined;
      if (declared !== undefined && declared > options.maxBytes) return fail(tooLarge());
      const chunks: Buffer[] = [];
      let received = 0;
      response.on("data", (chunk: Buffer) => {
        received += chunk.byteLength;
        // Stop reading as soon as the image outgrows the limit, whatever Content-Length said.
        if (received > options.maxBytes) return fail(tooLarge());
        chunks.push(chunk);
      });
      response.on("end", () => {
        // A server that closes the connection early can end the body short of what it announced.
        if (declared !== undefined && received !== declared) return fail({ code: "ECONNRESET" });
        settle(() => resolve({ kind: "image", bytes: Buffer.concat(chunks, received) }));
      });
      response.on("error", fail);
    };

    const connect = (addresses: LookupAddress[]) => {
      if (settled) return;
      const transport = target.protocol === "https:" ? https : http;
      request = transport.request(target, {
        method: "GET",
        headers: { accept: "image/avif,image/webp,image/*;q=0.8", "user-agent": "Quire catalogue import" },
        // The connection may only go to the addresses just checked: no second look-up that a DNS server
        // could answer differently. A fresh connection each time, so none opened under other rules is reused.
        lookup: lookupFrom(addresses),
        agent: false,
      });
      request.on("error", fail);
      request.on("response", receive);
      request.end();
    };

    resolveAllowedAddresses(target, options.allowPrivateAddresses).then(connect).catch(fail);
  });
}

/**
 * The addresses the URL's host stands for, each of them allowed; refused when any is private (a host that
 * answers one public and one private address could be made to connect to the private one).
 */
async function resolveAllowedAddresses(target: URL, allowPrivateAddresses: boolean): Promise<LookupAddress[]> {
  // URL writes an IPv6 host in brackets; an address in the URL itself is not looked up.
  const host = target.hostname.replace(/^\[(.*)\]$/, "$1");
  const addresses = isIP(host) !== 0 ? [{ address: host, family: isIP(host) }] : await lookUp(host);
  if (!allowPrivateAddresses && !addresses.every(({ address }) => isPublicAddress(address))) {
    throw new RemoteImageRefused(
      "private_address",
      `The image URL leads to ${host}, which is on a private network: an import may only download from public addresses`,
    );
  }
  return addresses;
}

function lookUp(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    lookupAddresses(host, { all: true }, (error, addresses) => {
      if (!error && addresses.length > 0) return resolve(addresses);
      reject(new RemoteImageRefused("unresolvable", `The image URL's host ${host} could not be found`));
    });
  });
}

/** A look-up for the connection that answers only the addresses already checked. */
function lookupFrom(addresses: LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) return callback(null, addresses);
    const chosen = addresses.find(({ family }) => !options.family || family === options.family) ?? addresses[0]!;
    callback(null, chosen.address, chosen.family);
  };
}

function parseHttpUrl(value: string, notHttpMessage: string): URL {
  const parsed = URL.canParse(value) ? new URL(value) : null;
  if (parsed?.protocol !== "http:" && parsed?.protocol !== "https:") throw new RemoteImageRefused("not_http", notHttpMessage);
  return parsed;
}

/** A Location header's address, which may be relative to the address that answered it. */
function resolveLocation(location: string, base: URL): string {
  return URL.canParse(location, base.href) ? new URL(location, base).href : "";
}

/** Why a connection failed, in words a merchant can act on. */
function connectionRefusal(error: unknown, target: URL): RemoteImageRefused {
  const code = (error as NodeJS.ErrnoException).code;
  const host = target.hostname;
  switch (code) {
    case "ECONNREFUSED":
      return new RemoteImageRefused("unreachable", `The image URL's server ${host} refused the connection`);
    case "ETIMEDOUT":
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return new RemoteImageRefused("unreachable", `The image URL's server ${host} could not be reached`);
    case "ECONNRESET":
      return new RemoteImageRefused("unreachable", `The image URL's server ${host} closed the connection before sending the whole image`);
  }
  if (code?.startsWith("ERR_TLS") || code?.includes("CERT") || code?.startsWith("ERR_SSL")) {
    return new RemoteImageRefused("unreachable", `The image URL's server ${host} has no valid HTTPS certificate (${code})`);
  }
  return new RemoteImageRefused("unreachable", `The image could not be downloaded from ${host}${code ? ` (${code})` : ""}`);
}

function seconds(milliseconds: number): string {
  const value = milliseconds / 1000;
  return `${Number.isInteger(value) ? value : value.toFixed(1)} second${value === 1 ? "" : "s"}`;
}

function megabytes(bytes: number): string {
  const value = bytes / 1_000_000;
  return value >= 1 ? `${Number(value.toFixed(1))} MB` : `${Math.ceil(bytes / 1000)} kB`;
}
