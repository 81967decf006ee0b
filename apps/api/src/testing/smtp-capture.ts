import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** A message the capture server accepted. */
export interface CapturedMail {
  /** Envelope recipients, lower-cased. */
  to: string[];
  from: string;
  subject: string;
  /** The decoded text body. */
  text: string;
  /** Every http(s) link in the text, in order. */
  links: string[];
  headers: Map<string, string>;
  raw: string;
}

/** A message whose data has arrived and whose answer the capture holds back: the sender waits for "250". */
export interface HeldMail {
  mail: CapturedMail;
  /** Answers "250": the message is accepted, and joins `messages`. */
  accept(): void;
  /** Resolves when the sender hung up without an answer: the message was never accepted. */
  hungUp: Promise<void>;
}

export interface SmtpCapture {
  /** smtp://127.0.0.1:<port>, for SMTP_URL or createSmtpTransport. */
  url: string;
  port: number;
  /** Everything accepted so far, oldest first. */
  messages: CapturedMail[];
  /**
   * Resolves with the first message to `address` that `match` accepts, already received or still to come.
   * `after` skips the first `after` messages of `messages` (pass `messages.length` to wait for a new one).
   */
  waitForMail(
    address: string,
    options?: { timeoutMs?: number; match?: (mail: CapturedMail) => boolean; after?: number },
  ): Promise<CapturedMail>;
  /** Refuses the next `count` messages with a temporary error (451), as a struggling mail server does. */
  failNext(count: number): void;
  /**
   * Holds back the answer to the next message, once its data has arrived: resolves then, while the sender
   * waits for it (a sender with a message in hand, for a test to stop at that moment).
   */
  holdNextAnswer(): Promise<HeldMail>;
  /** Messages whose sender hung up while their answer was held: received, never accepted. */
  abandoned: CapturedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port that keeps what it receives: the API's tests and the browser
 * journeys read emailed links from it instead of mocking mail. Start one per test file.
 */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const abandoned: CapturedMail[] = [];
  const holdRequests: ((held: HeldMail) => void)[] = [];
  /** Held answers by SMTP session, until answered or hung up on. */
  const heldSessions = new Map<string, { mail: CapturedMail; answered: boolean; hangUp: () => void }>();
  const waiters = new Set<{ accepts: (mail: CapturedMail) => boolean; resolve: (mail: CapturedMail) => void }>();
  let failuresLeft = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onClose(session) {
      const held = heldSessions.get(session.id);
      if (!held) return;
      heldSessions.delete(session.id);
      if (held.answered) return;
      abandoned.push(held.mail);
      held.hangUp();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (failuresLeft > 0) {
          failuresLeft--;
          const error = Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 });
          return callback(error);
        }
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        const mail = parseMessage(
          Buffer.concat(chunks).toString("utf8"),
          from,
          session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
        );
        const accept = () => {
          messages.push(mail);
          for (const waiter of waiters) {
            if (waiter.accepts(mail)) {
              waiters.delete(waiter);
              waiter.resolve(mail);
            }
          }
          callback();
        };
        const hold = holdRequests.shift();
        if (!hold) return accept();
        let hangUp!: () => void;
        const hungUp = new Promise<void>((resolve) => (hangUp = resolve));
        const held = { mail, answered: false, hangUp };
        heldSessions.set(session.id, held);
        hold({
          mail,
          accept() {
            if (held.answered || !heldSessions.has(session.id)) return;
            held.answered = true;
            accept();
          },
          hungUp,
        });
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitForMail(address, options = {}) {
      const wanted = address.toLowerCase();
      const accepts = (mail: CapturedMail) => mail.to.includes(wanted) && (options.match?.(mail) ?? true);
      const already = messages.slice(options.after ?? 0).find(accepts);
      if (already) return Promise.resolve(already);
      const timeoutMs = options.timeoutMs ?? 10_000;
      return new Promise((resolve, reject) => {
        const waiter = {
          accepts,
          resolve: (mail: CapturedMail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(
            new Error(
              `No mail to ${address} within ${timeoutMs} ms (received: ${messages.map((mail) => `${mail.to.join(",")}: ${mail.subject}`).join("; ") || "nothing"})`,
            ),
          );
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    failNext(count) {
      failuresLeft = count;
    },
    holdNextAnswer: () => new Promise<HeldMail>((resolve) => holdRequests.push(resolve)),
    abandoned,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Reads the single-part text messages the API sends: unfolds the headers, decodes RFC 2047 words and the
 * body's transfer encoding. Multipart messages (none are sent today) keep their raw body as `text`.
 */
function parseMessage(raw: string, from: string, to: string[]): CapturedMail {
  const split = raw.indexOf("\r\n\r\n");
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? "" : raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  let text = body;
  if (encoding === "quoted-printable") text = decodeQuotedPrintable(body);
  else if (encoding === "base64") text = Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  text = text.replace(/\r\n/g, "\n").replace(/\n$/, "");
  const links = [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((match) => match[0]);
  return { to, from, subject: headers.get("subject") ?? "", text, links, headers, raw };
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value.replace(/=\r?\n/g, "").replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=(?:\s+(?==\?))?/g, (_, _charset: string, kind: string, data: string) =>
    kind.toUpperCase() === "B" ? Buffer.from(data, "base64").toString("utf8") : decodeQuotedPrintable(data.replace(/_/g, " ")),
  );
}
