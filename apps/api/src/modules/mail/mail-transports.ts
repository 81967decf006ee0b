import { createTransport } from "nodemailer";
import { renderMailHtml, senderName } from "./mail-html";
import type { QueuedMail } from "./outbox.repository";

/** Delivers one message; throws when it was not accepted, so its delivery job is tried again later. */
export interface MailTransport {
  send(message: QueuedMail): Promise<void>;
  close(): void;
}

/**
 * Sends over SMTP (SMTP_URL: smtp://user:pass@host:587, smtps://... for TLS from the start). The outbox id
 * becomes the Message-ID, so a message sent twice (a worker stopped between sending and recording it)
 * carries the same id and mail clients can tell the copies apart. Each message goes as its text and, beside it,
 * the same text in the shop's style (mail-html.ts), headed by the sender's name.
 */
export function createSmtpTransport(options: { url: string; from: string }): MailTransport {
  const transporter = createTransport({
    url: options.url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const domain = /@([^>\s]+)/.exec(options.from)?.[1] ?? "quire.local";
  const shopName = senderName(options.from);
  return {
    async send(message) {
      await transporter.sendMail({
        from: options.from,
        to: message.recipient,
        subject: message.subject,
        text: message.textBody,
        html: renderMailHtml(message, shopName),
        messageId: `<outbox-${message.id}@${domain}>`,
        headers: { "X-Quire-Mail-Kind": message.kind },
      });
    },
    close() {
      transporter.close();
    },
  };
}

/**
 * Without SMTP_URL: prints each message's recipient, subject and link, so someone running `npm start`
 * locally can finish a sign-up or a password reset from the terminal.
 */
export function createConsoleTransport(print: (line: string) => void = (line) => console.log(line)): MailTransport {
  return {
    async send(message) {
      const lines = [`[mail] To: ${message.recipient}`, `[mail] Subject: ${message.subject}`];
      if (message.actionUrl) lines.push(`[mail] Link: ${message.actionUrl}`);
      print(lines.join("\n"));
    },
    close() {},
  };
}

/** SMTP when SMTP_URL is set, the console otherwise. */
export function createMailTransport(options: { smtpUrl?: string; from: string; print?: (line: string) => void }): MailTransport {
  return options.smtpUrl ? createSmtpTransport({ url: options.smtpUrl, from: options.from }) : createConsoleTransport(options.print);
}
