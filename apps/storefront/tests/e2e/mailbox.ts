import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { CapturedMail, SmtpCapture } from "../../../api/src/testing/smtp-capture";

/**
 * The mail a stack's API sent, as its journeys read it: by recipient, after a count taken before the step that
 * sends. A stack of a file's own reads its SMTP capture in the file's process; the run's shared stack, whose
 * capture lives in the global setup's process, is read over HTTP (serveMailbox below). Every file reads only
 * its own addresses, so the shared mailbox may hold everyone's mail.
 */
export interface Mailbox {
  /** How many messages it holds now: pass it as `after` to wait for, or list, only newer ones. */
  count(): Promise<number>;
  /** The messages after the first `after`, oldest first. */
  messagesSince(after: number): Promise<CapturedMail[]>;
  /**
   * The first message to `address` after the first `after` (0 by default) that `match` accepts, already
   * received or still to come; fails after `timeoutMs` (10 s by default).
   */
  waitForMail(
    address: string,
    options?: { timeoutMs?: number; match?: (mail: CapturedMail) => boolean; after?: number },
  ): Promise<CapturedMail>;
}

/** A capture in this process, read directly. */
export function localMailbox(capture: SmtpCapture): Mailbox {
  return {
    count: async () => capture.messages.length,
    messagesSince: async (after) => capture.messages.slice(after),
    waitForMail: (address, options) => capture.waitForMail(address, options),
  };
}

type MailJson = Omit<CapturedMail, "headers"> & { headers: [string, string][] };
const toJson = (mail: CapturedMail): MailJson => ({ ...mail, headers: [...mail.headers] });
const fromJson = (mail: MailJson): CapturedMail => ({ ...mail, headers: new Map(mail.headers) });

/**
 * Serves `capture` over HTTP on a free local port, for the journeys' processes:
 * - `GET /count`: `{ count }`;
 * - `GET /messages?after=N`: the messages after the first N;
 * - `GET /next?to=ADDRESS&after=N&timeoutMs=T`: `{ index, mail }`, the first message to ADDRESS after the first N,
 *   answered as soon as it arrives (the request waits on the capture, nothing polls); 504 after T ms.
 */
export async function serveMailbox(capture: SmtpCapture): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://mailbox");
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
    };
    const after = Number(url.searchParams.get("after") ?? 0);
    if (url.pathname === "/count") return answer(200, { count: capture.messages.length });
    if (url.pathname === "/messages") return answer(200, capture.messages.slice(after).map(toJson));
    if (url.pathname === "/next") {
      const address = url.searchParams.get("to") ?? "";
      const timeoutMs = Number(url.searchParams.get("timeoutMs") ?? 10_000);
      capture.waitForMail(address, { after, timeoutMs }).then(
        (mail) => answer(200, { index: capture.messages.indexOf(mail), mail: toJson(mail) }),
        (error: Error) => answer(504, { message: error.message }),
      );
      return;
    }
    answer(404, { message: `No ${url.pathname} here` });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A mailbox served by serveMailbox at `url`. */
export function remoteMailbox(url: string): Mailbox {
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${url}${path}`);
    const body = (await response.json()) as T & { message?: string };
    if (!response.ok) throw new Error(body.message ?? `${path} answered ${response.status}`);
    return body;
  };
  return {
    count: async () => (await get<{ count: number }>("/count")).count,
    messagesSince: async (after) => (await get<MailJson[]>(`/messages?after=${after}`)).map(fromJson),
    async waitForMail(address, options = {}) {
      const deadline = Date.now() + (options.timeoutMs ?? 10_000);
      // The server picks by recipient; `match` is a function, so it is applied here, asking again past a miss.
      for (let after = options.after ?? 0; ;) {
        const timeoutMs = Math.max(1, deadline - Date.now());
        const next = await get<{ index: number; mail: MailJson }>(
          `/next?to=${encodeURIComponent(address)}&after=${after}&timeoutMs=${timeoutMs}`,
        );
        const mail = fromJson(next.mail);
        if (!options.match || options.match(mail)) return mail;
        after = next.index + 1;
      }
    },
  };
}
