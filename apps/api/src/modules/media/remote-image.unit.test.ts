import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fetchRemoteImage, isPublicAddress, RemoteImageRefused, type RemoteImageOptions } from "./remote-image";

const image = Buffer.from(Array.from({ length: 2048 }, (_, index) => (index * 7) % 256));
const LIMIT = 4096;

/** What the stand-in image server was asked for, path by path, in order. */
let requested: string[] = [];
let server: http.Server;
let origin: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const url = request.url ?? "/";
    requested.push(url.split("?")[0]!);
    if (url.startsWith("/image.jpg")) {
      response.writeHead(200, { "content-type": "image/jpeg", "content-length": image.byteLength });
      return response.end(image);
    }
    if (url === "/declared-too-large.jpg") {
      // Says it is too large, then sends nothing: the download must fail on what was announced.
      response.writeHead(200, { "content-type": "image/jpeg", "content-length": LIMIT + 1 });
      return response.flushHeaders();
    }
    if (url === "/undeclared-too-large.jpg") {
      // No Content-Length, a little more than the limit, then nothing: the download must fail on what has
      // arrived, not wait for an end that never comes.
      response.writeHead(200, { "content-type": "image/jpeg" });
      return response.write(Buffer.alloc(LIMIT + 1));
    }
    if (url === "/silent.jpg") return; // Never answers.
    if (url === "/stalls.jpg") {
      // Headers and half the image, then nothing more.
      response.writeHead(200, { "content-type": "image/jpeg", "content-length": image.byteLength });
      return response.write(image.subarray(0, 1024));
    }
    if (url === "/cut-short.jpg") {
      // Announces the whole image, sends half, and hangs up.
      response.writeHead(200, { "content-type": "image/jpeg", "content-length": image.byteLength });
      return response.write(image.subarray(0, 1024), () => response.destroy());
    }
    if (url === "/moved.jpg") return redirect(response, "/image.jpg");
    if (url === "/loop.jpg") return redirect(response, "/loop.jpg");
    if (url === "/to-ftp.jpg") return redirect(response, "ftp://127.0.0.1/image.jpg");
    response.writeHead(404).end();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await once(server, "close");
});

beforeEach(() => {
  requested = [];
});

function redirect(response: http.ServerResponse, location: string) {
  response.writeHead(302, { location }).end();
}

const allowed: RemoteImageOptions = { maxBytes: LIMIT, timeoutMs: 10_000, allowPrivateAddresses: true };

/** The refusal a download ends in (the test fails if it succeeds or throws anything else). */
async function refusalOf(url: string, options: RemoteImageOptions = allowed): Promise<RemoteImageRefused> {
  const error = await fetchRemoteImage(url, options).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(RemoteImageRefused);
  return error as RemoteImageRefused;
}

describe("fetchRemoteImage", () => {
  it("refuses a private address by default, without connecting to it", async () => {
    const refused = await refusalOf(`${origin}/image.jpg`, { ...allowed, allowPrivateAddresses: false });
    expect(refused.reason).toBe("private_address");
    expect(refused.message).toBe(
      "The image URL leads to 127.0.0.1, which is on a private network: an import may only download from public addresses",
    );
    expect(requested).toEqual([]);
  });

  it("refuses a host name that resolves to a private address", async () => {
    const { port } = server.address() as AddressInfo;
    const refused = await refusalOf(`http://localhost:${port}/image.jpg`, { ...allowed, allowPrivateAddresses: false });
    expect(refused.reason).toBe("private_address");
    expect(requested).toEqual([]);
  });

  it("refuses a private IPv4 address written as IPv6", async () => {
    const { port } = server.address() as AddressInfo;
    const refused = await refusalOf(`http://[::ffff:127.0.0.1]:${port}/image.jpg`, { ...allowed, allowPrivateAddresses: false });
    expect(refused.reason).toBe("private_address");
  });

  it("downloads the image when private addresses are allowed", async () => {
    expect((await fetchRemoteImage(`${origin}/image.jpg?size=large`, allowed)).equals(image)).toBe(true);
    const { port } = server.address() as AddressInfo;
    expect((await fetchRemoteImage(`http://localhost:${port}/image.jpg`, allowed)).equals(image)).toBe(true);
  });

  it("refuses an image whose Content-Length is over the limit", async () => {
    const refused = await refusalOf(`${origin}/declared-too-large.jpg`);
    expect(refused.reason).toBe("too_large");
    expect(refused.message).toBe("The image is larger than the 5 kB an image may have");
  });

  it("stops reading an image without a Content-Length as soon as it passes the limit", async () => {
    const refused = await refusalOf(`${origin}/undeclared-too-large.jpg`);
    expect(refused.reason).toBe("too_large");
  });

  it("gives up on a server that never answers", async () => {
    const refused = await refusalOf(`${origin}/silent.jpg`, { ...allowed, timeoutMs: 200 });
    expect(refused.reason).toBe("timeout");
    expect(refused.message).toBe("The image URL did not send the whole image within 0.2 seconds");
  });

  it("gives up on a server that stops sending halfway", async () => {
    const refused = await refusalOf(`${origin}/stalls.jpg`, { ...allowed, timeoutMs: 200 });
    expect(refused.reason).toBe("timeout");
  });

  it("refuses an image cut short by the server", async () => {
    const refused = await refusalOf(`${origin}/cut-short.jpg`);
    expect(refused.reason).toBe("unreachable");
    expect(refused.message).toBe("The image URL's server 127.0.0.1 closed the connection before sending the whole image");
  });

  it("refuses an answer other than success, saying which", async () => {
    const refused = await refusalOf(`${origin}/missing.jpg?signature=secret-value`);
    expect(refused.reason).toBe("http_status");
    expect(refused.message).toBe("The image URL answered 404");
  });

  it("follows a redirect", async () => {
    expect((await fetchRemoteImage(`${origin}/moved.jpg`, allowed)).equals(image)).toBe(true);
    expect(requested).toEqual(["/moved.jpg", "/image.jpg"]);
  });

  it("follows no more redirects than allowed", async () => {
    const refused = await refusalOf(`${origin}/loop.jpg`, { ...allowed, maxRedirects: 2 });
    expect(refused.reason).toBe("too_many_redirects");
    expect(refused.message).toBe("The image URL redirected more than 2 times");
    expect(requested).toEqual(["/loop.jpg", "/loop.jpg", "/loop.jpg"]);

    requested = [];
    expect((await refusalOf(`${origin}/loop.jpg`)).reason).toBe("too_many_redirects");
    expect(requested).toHaveLength(4);
  });

  it("refuses addresses that are not http or https, also as a redirect's target", async () => {
    for (const url of ["ftp://127.0.0.1/image.jpg", "file:///etc/passwd", "data:image/png;base64,AAAA", "not a url", ""]) {
      expect((await refusalOf(url)).reason, url).toBe("not_http");
    }
    const refused = await refusalOf(`${origin}/to-ftp.jpg`);
    expect(refused.reason).toBe("not_http");
    expect(requested).toEqual(["/to-ftp.jpg"]);
  });

  it("tells a server that refuses connections from a host that does not exist", async () => {
    const closed = http.createServer();
    closed.listen(0, "127.0.0.1");
    await once(closed, "listening");
    const { port } = closed.address() as AddressInfo;
    closed.close();
    await once(closed, "close");

    const unreachable = await refusalOf(`http://127.0.0.1:${port}/image.jpg`);
    expect(unreachable.reason).toBe("unreachable");
    expect(unreachable.message).toBe("The image URL's server 127.0.0.1 refused the connection");

    const unresolvable = await refusalOf("http://no-such-host.invalid/image.jpg?token=secret-value");
    expect(unresolvable.reason).toBe("unresolvable");
    expect(unresolvable.message).toBe("The image URL's host no-such-host.invalid could not be found");
  });
});

describe("isPublicAddress", () => {
  it.each([
    ["8.8.8.8", true],
    ["1.1.1.1", true],
    ["151.101.1.69", true],
    ["2606:4700:4700::1111", true],
    ["2a00:1450:4001:80b::200e", true],
    ["::ffff:8.8.8.8", true],
    ["127.0.0.1", false],
    ["127.255.255.254", false],
    ["10.0.0.1", false],
    ["172.16.0.1", false],
    ["172.31.255.255", false],
    ["192.168.1.1", false],
    ["169.254.169.254", false],
    ["169.254.0.1", false],
    ["100.64.0.1", false],
    ["100.127.255.255", false],
    ["0.0.0.0", false],
    ["224.0.0.1", false],
    ["239.255.255.250", false],
    ["255.255.255.255", false],
    ["192.0.2.1", false],
    ["240.0.0.1", false],
    ["::1", false],
    ["::", false],
    ["fe80::1", false],
    ["fc00::1", false],
    ["fd12:3456:789a::1", false],
    ["ff02::1", false],
    ["::ffff:127.0.0.1", false],
    ["::ffff:10.0.0.1", false],
    ["::ffff:169.254.169.254", false],
    ["::ffff:7f00:1", false],
    ["64:ff9b::7f00:1", false],
    ["2001:db8::1", false],
    ["localhost", false],
    ["127.1", false],
    ["0x7f000001", false],
    ["", false],
  ])("%s is public: %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it("is the edge of each private range, not more", () => {
    expect(isPublicAddress("172.15.255.255")).toBe(true);
    expect(isPublicAddress("172.32.0.0")).toBe(true);
    expect(isPublicAddress("100.63.255.255")).toBe(true);
    expect(isPublicAddress("100.128.0.0")).toBe(true);
    expect(isPublicAddress("11.0.0.0")).toBe(true);
  });
});
