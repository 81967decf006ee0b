import { describe, expect, it, vi } from "vitest";
import { judgeRequestBody, MAX_REQUEST_BODY_BYTES, requestBodyMiddleware } from "./request-body.server";

// The built stylesheet's address, which the error page links (vite gives none outside a build).
vi.mock("~/app.css?url", () => ({ default: "/assets/app.css" }));

const URL_OF_FORM = "https://shop.example/contact-us";
const CHUNK = new Uint8Array(64 * 1024).fill(0x61);

/** A body that never ends, counting what was read of it: a client that keeps sending. */
function endlessBody() {
  const read = { bytes: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        read.bytes += CHUNK.byteLength;
        controller.enqueue(CHUNK);
      },
    },
    // Nothing is read ahead: a chunk is sent only when the server reads one.
    { highWaterMark: 0 },
  );
  return { stream, read };
}

function post(body: BodyInit | ReadableStream<Uint8Array> | null, headers: Record<string, string>) {
  return new Request(URL_OF_FORM, { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

const MULTIPART = "multipart/form-data; boundary=quire-boundary";
const multipart = (parts: string) => `--quire-boundary\r\n${parts}\r\n--quire-boundary--\r\n`;

describe("the storefront's check of request bodies", () => {
  it("refuses a body sent without a length once it passes the limit, and stops reading it there", async () => {
    const { stream, read } = endlessBody();
    const verdict = await judgeRequestBody(post(stream, { "Content-Type": "application/x-www-form-urlencoded" }));
    expect(verdict).toEqual({ ok: false, status: 413 });
    // A client that never stops sending is answered: no more was read than the limit and a chunk.
    expect(read.bytes).toBeLessThanOrEqual(MAX_REQUEST_BODY_BYTES + 2 * CHUNK.byteLength);
  });

  it("refuses a declared length past the limit before reading a byte", async () => {
    const { stream, read } = endlessBody();
    const verdict = await judgeRequestBody(
      post(stream, { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(8 * 1024 * 1024) }),
    );
    expect(verdict).toEqual({ ok: false, status: 413 });
    expect(read.bytes).toBe(0);
  });

  it.each([
    ["JSON", "application/json", '{"email":"ada@example.test"}'],
    ["plain text", "text/plain", "email=ada@example.test"],
    ["no content type", null, "email=ada@example.test"],
  ])("refuses %s with 415: not a form", async (_name, type, body) => {
    const request = post(new Blob([body]).stream(), type ? { "Content-Type": type } : {});
    expect(await judgeRequestBody(request)).toEqual({ ok: false, status: 415 });
  });

  it("refuses a multipart body that does not parse with 400", async () => {
    const broken = post("--quire-boundary\r\nContent-Disposition: form-data\r\n\r\nno end", { "Content-Type": MULTIPART });
    expect(await judgeRequestBody(broken)).toEqual({ ok: false, status: 400 });
    const noBoundary = post(multipart('Content-Disposition: form-data; name="a"\r\n\r\nb'), { "Content-Type": "multipart/form-data" });
    expect(await judgeRequestBody(noBoundary)).toEqual({ ok: false, status: 400 });
  });

  it("accepts a form within the limit, and leaves the action the whole form to read", async () => {
    const form = post(new URLSearchParams({ intent: "send", message: "é".repeat(10_000) }), {});
    expect(await judgeRequestBody(form)).toEqual({ ok: true });
    expect((await form.formData()).get("message")).toBe("é".repeat(10_000));

    const parts = post(multipart('Content-Disposition: form-data; name="intent"\r\n\r\nsend'), { "Content-Type": MULTIPART });
    expect(await judgeRequestBody(parts)).toEqual({ ok: true });
    expect((await parts.formData()).get("intent")).toBe("send");
  });

  it("reads nothing of a request that has no body to check", async () => {
    expect(await judgeRequestBody(new Request(URL_OF_FORM))).toEqual({ ok: true });
    expect(await judgeRequestBody(new Request(URL_OF_FORM, { method: "HEAD" }))).toEqual({ ok: true });
  });

  it("answers a browser the shop's error page on a 413, leaving the connection to the HTTP server", async () => {
    const { stream } = endlessBody();
    const request = new Request(URL_OF_FORM, {
      method: "POST",
      body: stream,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html", "Content-Length": "9000000" },
      duplex: "half",
    } as RequestInit);
    const answer = (await requestBodyMiddleware({ request } as never, async () => new Response("ran"))) as Response;
    expect(answer.status).toBe(413);
    // A hop-by-hop header from the app would make Node close the socket at once, with the body still coming.
    expect(answer.headers.get("Connection")).toBeNull();
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(answer.headers.get("Content-Type")).toMatch(/^text\/html/);
    const html = await answer.text();
    expect(html).toContain("That form was too large");
    expect(html).toContain("256 KB");
  });

  it("lets a good form through to the next middleware and the action", async () => {
    const request = post(new URLSearchParams({ intent: "send" }), {});
    expect(await requestBodyMiddleware({ request } as never, async () => new Response("ran"))).toBeUndefined();
  });
});
