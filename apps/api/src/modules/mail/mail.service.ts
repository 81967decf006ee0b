/*
 * What other modules ask of mail: a message queued in the caller's transaction (the outbox), and how many were
 * sent to an address lately (the per-recipient caps). Delivery is the mail-delivery job's (mail-delivery.ts).
 */
export { countRecentMail, enqueueMail, listOrderMails, lockRecipientMail, type OutgoingMail } from "./outbox.repository";
