-- Mail delivery became a job of the queue (decision 019), which keeps the attempts, the backoff and the last
-- error. A message queued before this and not yet sent gets its delivery job now, with the mail queue's
-- settings (modules/jobs/job-catalogue.ts). The queue's schema is installed before the migrations run
-- (db/migrate.ts).
INSERT INTO pgboss.job (name, data, retry_limit, retry_delay, retry_backoff, expire_in, policy)
SELECT 'mail-delivery', jsonb_build_object('messageId', "id"), 8, 60, true, interval '120 seconds', 'standard'
FROM "outbox_messages"
WHERE "sent_at" IS NULL;--> statement-breakpoint
DROP INDEX "outbox_messages_pending_idx";--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP COLUMN "available_at";--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP COLUMN "last_error";