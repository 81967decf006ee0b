import { afterAll, beforeAll } from "vitest";
import type { Db } from "../db/client";
import { createSmtpTransport } from "../modules/mail/mail-transports";
import { deliverDueMail } from "../modules/mail/outbox-worker";
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from "./smtp-capture";

export const TEST_MAIL_FROM = "Quire Test <shop@quire.test>";

/**
 * A real SMTP server for one test file plus `deliver()`, which runs the outbox worker's delivery once
 * over SMTP, as the worker in main.ts would on its next poll. Registers its own beforeAll/afterAll.
 */
export function useTestMailbox(getDb: () => Db) {
  let capture: SmtpCapture | undefined;
  beforeAll(async () => {
    capture = await startSmtpCapture();
  });
  afterAll(async () => {
    await capture?.close();
  });
  const smtp = () => {
    if (!capture) throw new Error("the mailbox is available once beforeAll has run");
    return capture;
  };

  return {
    get smtp() {
      return smtp();
    },
    /** Delivers every due outbox message over SMTP, batch after batch. */
    async deliver() {
      const transport = createSmtpTransport({ url: smtp().url, from: TEST_MAIL_FROM });
      try {
        const total = { claimed: 0, sent: 0, failed: 0 };
        for (;;) {
          const report = await deliverDueMail(getDb(), transport);
          total.claimed += report.claimed;
          total.sent += report.sent;
          total.failed += report.failed;
          if (report.claimed === 0) return total;
        }
      } finally {
        transport.close();
      }
    },
    /** Delivers the outbox, then waits for a new message (one not received before) to `address`. */
    async receive(address: string, match?: (mail: CapturedMail) => boolean): Promise<CapturedMail> {
      const after = smtp().messages.length;
      await this.deliver();
      return smtp().waitForMail(address, { match, after, timeoutMs: 5_000 });
    },
    /** Every message received so far for `address`. */
    to(address: string): CapturedMail[] {
      return smtp().messages.filter((mail) => mail.to.includes(address.toLowerCase()));
    },
  };
}
