import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A message the capture server accepted. */
export interface CapturedMail {
  /** Envelope recipients, lower-cased. */
  to: string[];
  from: string;
  subject: string;
  /** The decoded text body. */
  text: string;
  /** The HTML part, if the message has one. */
  html: string | null;
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
      stream.on("end", async () => {
        if (failuresLeft > 0) {
          failuresLeft--;
          const error = Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 });
          return callback(error);
        }
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        const mail = await parseMessage(
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
/** The parts of a message a test reads, by mailparser: the decoded subject and text, the HTML part, the headers. */
async function parseMessage(raw: string, from: string, to: string[]): Promise<CapturedMail> {
  const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextLinks: true });
  const text = (parsed.text ?? "").replace(/\r\n/g, "\n").replace(/\n$/, "");
  const links = [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((match) => match[0]);
  const headers = new Map<string, string>();
  for (const line of parsed.headerLines) {
    headers.set(
      line.key,
      line.line
        .slice(line.line.indexOf(":") + 1)
        .replace(/\r?\n[ \t]+/g, " ")
        .trim(),
    );
  }
  // The decoded forms of the headers that may carry encoded words.
  headers.set("subject", parsed.subject ?? "");
  if (parsed.from) headers.set("from", parsed.from.text);
  return { to, from, subject: parsed.subject ?? "", text, html: typeof parsed.html === "string" ? parsed.html : null, links, headers, raw };
}
