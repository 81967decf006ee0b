/*
 * What the outbox holds, read back: the messages of one kind queued for an address, oldest first, as a test or
 * a support tool checks what a change mailed. Sending and the per-address caps are mail.service.ts's.
 */
export { listMailTo, type OutboxMessage } from "./outbox-reads.repository";
