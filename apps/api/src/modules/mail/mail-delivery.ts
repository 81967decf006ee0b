import type { Db } from "../../db/client";
import { assertOutsideTransaction } from "../../db/transaction-scope";
import type { MailTransport } from "./mail-transports";
import { findQueuedMail, markMailSent } from "./outbox.repository";

/**
 * The mail-delivery job: sends one outbox message and records it sent. A transport that refuses throws, and
 * the job queue tries again after a backoff (job-catalogue.ts), until the message is dead and listed by
 * `npm run jobs -- failed`. A message already sent (its job ran again after a worker died between sending
 * and completing) is not sent twice; one whose store was deleted is dropped.
 */
export async function deliverMail(db: Db, transport: MailTransport, messageId: number): Promise<"sent" | "already sent" | "gone"> {
  const message = await findQueuedMail(db, messageId);
  if (!message) return "gone";
  if (message.sentAt) return "already sent";
  assertOutsideTransaction("mail delivery");
  await transport.send(message);
  await markMailSent(db, message.id);
  return "sent";
}
