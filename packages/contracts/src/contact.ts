import { z } from "zod";
import { dataSchema, IdSchema, pagedResultSchema, PageQuerySchema, textSchema } from "./common";
import { CONTACT_SUBJECTS } from "./constants";
import { EmailSchema } from "./identity";

/*
 * The contact form (/contact-us; issue 12): a message to the shop, stored and mailed to the
 * shop's contact address through the jobs. Nothing is mailed to the address the sender typed, so the form can
 * never be used to mail a stranger.
 */

export const CONTACT_MESSAGE_MAX = 4000;

export const ContactSubjectSchema = z.enum(CONTACT_SUBJECTS, { error: "Choose what your message is about" });

/**
 * POST /contact-messages: 202 once stored (and queued to the shop). Each client may send a few an hour: past it,
 * 429 `too_many_requests` with Retry-After (seconds).
 */
export const ContactMessageBodySchema = z
  .object({
    name: textSchema({ max: 120, min: 1, trim: true, minMessage: "Enter your name" }),
    email: EmailSchema,
    subject: ContactSubjectSchema,
    message: textSchema({
      max: CONTACT_MESSAGE_MAX,
      min: 10,
      trim: true,
      multiline: true,
      minMessage: "Tell us a little more: at least 10 characters",
    }),
  })
  .strict();
export type ContactMessageBody = z.infer<typeof ContactMessageBodySchema>;

export const ContactMessageReceiptSchema = z
  .object({
    /** The message's reference, to quote in a reply. */
    reference: z.string(),
  })
  .meta({ id: "ContactMessageReceipt" });
export const ContactMessageResponseSchema = dataSchema(ContactMessageReceiptSchema);

/** GET /admin/contact-messages: the store's messages, newest first, paged (the merchant's admin API). */
export const AdminListContactMessagesQuerySchema = PageQuerySchema.strict();
export const AdminContactMessageSchema = z
  .object({
    id: IdSchema,
    reference: z.string(),
    name: z.string(),
    email: z.string(),
    subject: ContactSubjectSchema,
    message: z.string(),
    /** The signed-in customer who sent it; null for a visitor. */
    customerId: IdSchema.nullable(),
    sentAt: z.string(),
  })
  .meta({ id: "AdminContactMessage" });
export type AdminContactMessage = z.infer<typeof AdminContactMessageSchema>;
export const AdminListContactMessagesResponseSchema = dataSchema(pagedResultSchema(AdminContactMessageSchema));
