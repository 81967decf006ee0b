import { randomBytes } from "node:crypto";
import type { AdminContactMessage, ContactMessageBody, ContactSubject } from "@quire/contracts";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import type { RequestContext } from "../../http/request-context";
import { enqueueMail } from "../mail/mail.service";
import { type LimitRule, rateLimitKey, reserveLimit } from "../rate-limits/rate-limits.service";
import { contactMessageMail } from "./contact-mail";
import { findContactEmail } from "../stores/stores.service";
import * as repository from "./contact.repository";

/** Messages a client address may send an hour; past it, 429 with Retry-After. */
export const CONTACT_LIMITS = { perClient: { max: 5, windowSeconds: 60 * 60 } } as const satisfies Record<string, LimitRule>;

export const contactClientLimitKey = (clientIp: string) => rateLimitKey("contact:client", clientIp);

/** A reference a person can read out: "C-" and eight characters without look-alikes (0/O, 1/I/L). */
function newReference(): string {
  const alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
  const bytes = randomBytes(8);
  return `C-${[...bytes].map((byte) => alphabet[byte % alphabet.length]).join("")}`;
}

/**
 * POST /contact-messages: counted against the client first (refused requests count too), then stored and queued
 * to the shop's contact address in one transaction: the message exists exactly when its mail does. A store with
 * no contact address keeps the message only. Nothing is mailed to the sender's address: the form cannot be used
 * to mail someone else.
 */
export async function sendContactMessage(
  db: Db,
  ctx: Pick<RequestContext, "store" | "clientIp" | "customerId">,
  body: ContactMessageBody,
): Promise<{ reference: string }> {
  const client = await reserveLimit(db, contactClientLimitKey(ctx.clientIp), CONTACT_LIMITS.perClient);
  if (!client.allowed) throw new AppError("too_many_requests", { retryAfterSeconds: client.retryAfterSeconds });
  const reference = newReference();
  await db.transaction(async (tx) => {
    await repository.insertContactMessage(tx, { storeId: ctx.store.id, reference, customerId: ctx.customerId, ...body });
    const recipient = await findContactEmail(tx, ctx.store.id);
    if (recipient)
      await enqueueMail(tx, contactMessageMail({ storeId: ctx.store.id, storeName: ctx.store.name, recipient, reference, body }));
  });
  return { reference };
}

/** GET /admin/contact-messages: the store's messages, newest first, a page at a time (the merchant's admin API). */
export async function listContactMessages(db: Db, input: { storeId: number; PageNumber: number; PageSize: number }) {
  const { rows, total } = await repository.listContactMessagesPage(db, {
    storeId: input.storeId,
    limit: input.PageSize,
    offset: (input.PageNumber - 1) * input.PageSize,
  });
  const results: AdminContactMessage[] = rows.map(({ createdAt, subject, ...row }) => ({
    ...row,
    subject: subject as ContactSubject,
    sentAt: createdAt.toISOString(),
  }));
  return { results, total, pageNumber: input.PageNumber, pageSize: input.PageSize, totalPages: Math.ceil(total / input.PageSize) };
}

/** A person's contact messages for their data export (decision 062), newest first, at most `limit`. */
export function listContactMessagesForExport(db: Db, input: { storeId: number; customerId: number | null; email: string; limit: number }) {
  return repository.listMessagesOfPerson(db, input);
}
