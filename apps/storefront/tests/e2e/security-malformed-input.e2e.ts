import { request as httpRequest, type IncomingMessage } from "node:http";
import { connect } from "node:net";
import { describe, expect, inject, it } from "vitest";
import { expectNoPageProblems, sessionPerTest } from "./browser";
import { firstHeadingOf } from "./page-html";

/**
 * Malformed input shows the shop's error page with a 400, never the server's plain text nor a 500 (issue 6):
 * an address that is not valid percent-encoding, and listing filters holding control characters or more
 * text than any filter has, refused before the API is asked.
 */
const storefrontUrl = inject("storefrontUrl");
const BAD_REQUEST_TITLE = "That request didn't look right";

const MALFORMED = [
  "/store/%E0%A4%A",
  "/%E0%A4%A",
  "/store/product/%C3%28",
  "/auth/reset-password/%E0%A4%A",
  "/store/gift-books-for-her?format=%00",
  "/store/gift-books-for-her?format=hard%00back&sort=newest",
  "/store/gift-books-for-her?format=%1B%5B31m",
  `/store/gift-books-for-her?format=${"x".repeat(101)}`,
  "/store?page=1%00",
];

describe("a malformed address over plain HTTP", () => {
  it.each(MALFORMED)("%s answers the error page with 400", async (pathname) => {
    const response = await fetch(`${storefrontUrl}${pathname}`, { headers: { Accept: "text/html" } });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(firstHeadingOf(html)).toBe(`Error 400: ${BAD_REQUEST_TITLE}`);
    // The site's chrome is there: this is the shop's page, not a framework's.
    expect(html).toContain('id="main-content"');
  });

  it("on a resource route answers 400 in a line of text, not a 500", async () => {
    const response = await fetch(`${storefrontUrl}/media/covers/%E0%A4%A.svg`);
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/^Bad Request/);
  });

  it("leaves well-formed listings alone: an unknown value is still a page, a wrong sort still a 404", async () => {
    expect((await fetch(`${storefrontUrl}/store/gift-books-for-her?format=F%C3%AAte`)).status).toBe(200);
    expect((await fetch(`${storefrontUrl}/store/gift-books-for-her?sort=cheapest`)).status).toBe(404);
  });
});

/**
 * Posts to the contact form over a raw connection: the declared headers, then chunks of the body for as long as
 * the server keeps reading, never ending it. Answers the server's response, which must come while the client is
 * still sending (a server that read the whole body first would never answer).
 */
function postWithoutEnd(headers: Record<string, string>): Promise<{ response: IncomingMessage; body: string; sent: number }> {
  return new Promise((resolve, reject) => {
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    let answered = false;
    const request = httpRequest(`${storefrontUrl}/contact-us`, {
      method: "POST",
      headers: { Origin: storefrontUrl, Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded", ...headers },
    });
    const send = () => {
      while (!answered && sent < 64 * 1024 * 1024) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", send);
      }
    };
    request.on("response", (response) => {
      answered = true;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (text: string) => (body += text));
      response.on("end", () => {
        request.destroy();
        resolve({ response, body, sent });
      });
    });
    request.on("error", (error) => (answered ? undefined : reject(error)));
    request.write("message=");
    send();
  });
}

/**
 * Declares a body of `length` bytes over a raw connection and sends it flat out whatever the server answers, until
 * the server closes the connection. Answers the first line that came back, the bytes sent, and how long the
 * connection stayed open after the answer's first bytes.
 */
function sendWithoutStopping(length: number): Promise<{ head: string; sent: number; openAfterAnswerMs: number }> {
  return new Promise((resolve) => {
    const { hostname, port } = new URL(storefrontUrl);
    const socket = connect(Number(port), hostname);
    const chunk = Buffer.alloc(256 * 1024, "a");
    let sent = 0;
    let received = "";
    let answeredAt = Number.NaN;
    socket.setEncoding("latin1");
    socket.on("data", (text: string) => {
      if (received === "") answeredAt = performance.now();
      received += text;
    });
    socket.on("error", () => {});
    socket.on("close", () => resolve({ head: received.split("\r\n", 1)[0]!, sent, openAfterAnswerMs: performance.now() - answeredAt }));
    const send = () => {
      while (!socket.destroyed && sent < length) {
        sent += chunk.length;
        if (!socket.write(chunk)) return void socket.once("drain", send);
      }
    };
    socket.write(
      `POST /contact-us HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${storefrontUrl}\r\nAccept: text/html\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${length}\r\n\r\nmessage=`,
    );
    send();
  });
}

describe("a request body the shop's forms never send", () => {
  it("too large by its declared length: 413 and the styled error page, before the body is read", async () => {
    const { response, body, sent } = await postWithoutEnd({ "Content-Length": String(64 * 1024 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(firstHeadingOf(body)).toBe("Error 413: That form was too large");
    expect(sent).toBeLessThan(64 * 1024 * 1024);
  });

  it("too large as it streams (no length): 413 once past the limit, while the client is still sending", async () => {
    const { response, sent } = await postWithoutEnd({ "Transfer-Encoding": "chunked" });
    expect(response.statusCode).toBe(413);
    expect(sent).toBeLessThan(64 * 1024 * 1024);
  });

  it("a client that goes on sending after its 413 gets the answer, then is cut off", async () => {
    const { head, sent, openAfterAnswerMs } = await sendWithoutStopping(10 * 1024 ** 3);
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    // The server read and threw away the rest for a while after answering (a server that closed at once would
    // have the connection reset under a client still writing, often losing the answer), then closed it.
    expect(openAfterAnswerMs).toBeGreaterThanOrEqual(1000);
    expect(sent).toBeLessThan(10 * 1024 ** 3);
  });

  it("an 8 MB form field is refused with a 4xx, not a 500", async () => {
    const response = await fetch(`${storefrontUrl}/contact-us`, {
      method: "POST",
      headers: { Origin: storefrontUrl, Accept: "text/html" },
      body: new URLSearchParams({ intent: "send", message: "x".repeat(8 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
  });

  it.each([
    ["JSON", "application/json", '{"message":"hello"}', 415],
    ["broken multipart", "multipart/form-data; boundary=b", "--b\r\nContent-Disposition: form-data\r\n\r\nno end", 400],
  ])("%s posted to a form answers %i before any action runs", async (_name, type, body, status) => {
    const response = await fetch(`${storefrontUrl}/contact-us`, {
      method: "POST",
      headers: { Origin: storefrontUrl, Accept: "text/html", "Content-Type": type },
      body,
    });
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
  });
});

describe("an unknown parameter in the address", () => {
  it("is not copied into the page's links and forms back to it (a 7,000-character one once made 51 copies)", async () => {
    const junk = `j${"x".repeat(7_000)}`;
    const response = await fetch(`${storefrontUrl}/store?junk=${junk}&sort=newest`, { headers: { Accept: "text/html" } });
    expect(response.status).toBe(200);
    const html = await response.text();
    // The links back to this page keep the page's own parameters...
    expect(html).toContain(`redirect_url=${encodeURIComponent("/store?sort=newest")}`);
    // ...and no attribute carries the unknown one.
    expect(html.match(new RegExp(`="[^"]*${junk}`, "g"))).toBeNull();
  });
});

describe("a malformed address in Chromium", () => {
  const browser = sessionPerTest();

  it.each(["/store/%E0%A4%A", "/store/gift-books-for-her?format=%00"])("%s shows the styled error page with 400", async (pathname) => {
    const { page } = browser;
    const response = await page.goto(`${storefrontUrl}${pathname}`);
    expect(response?.status()).toBe(400);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toContain(BAD_REQUEST_TITLE);
    await page.getByRole("link", { name: "Go to the shop" }).waitFor();
    // Styled: the site's stylesheet applies (the 400 is set in the accent colour, not the browser's black).
    const colour = await page.getByText("400", { exact: true }).evaluate((element) => getComputedStyle(element).color);
    expect(colour).not.toBe("rgb(0, 0, 0)");
    expectNoPageProblems(browser);
  });
});
