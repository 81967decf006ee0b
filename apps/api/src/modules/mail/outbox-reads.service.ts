/*
 * What the outbox holds, read back: the messages of one kind queued for an address, oldest first, as a test or
 * a support tool checks what a change mailed. Sending and the per-address caps are mail.service.ts's.
 */
export { listMailTo, type OutboxMessage } from "./outbox-reads.repository";

/** The store's mails to an address or about a person's orders, for their data export (decision 062): kind, subject and times, never the text. */
export { listMailOfRecipient as listMailForExport } from "./outbox-reads.repository";
