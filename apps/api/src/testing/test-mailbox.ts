import { afterAll, beforeAll } from "vitest";
import type { Db } from "../db/client";
import { createSmtpTransport } from "../modules/mail/mail-transports";
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from "./smtp-capture";
import { drainJobs } from "./test-jobs";

export const TEST_MAIL_FROM = "Quire Test <shop@quire.test>";

/**
 * A real SMTP server for one test file plus `deliver()`, which runs the due jobs (mail delivery among them)
 * with mail going over SMTP, as the worker in main.ts would on its next polls. Registers its own
 * beforeAll/afterAll.
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
    /** Runs every due job, delivering queued mail over SMTP; answers how many jobs ran. */
    async deliver() {
      const transport = createSmtpTransport({ url: smtp().url, from: TEST_MAIL_FROM });
      try {
        const { completed, failed } = await drainJobs(getDb(), { mailTransport: transport });
        return { completed, failed };
      } finally {
        transport.close();
      }
    },
    /** Delivers queued mail, then waits for a new message (one not received before) to `address`. */
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
