-- Housekeeping (decision 019) also deletes sessions long ended and back-in-stock requests long notified, in
-- small batches: these indexes find each batch without scanning the table. A session ended when it was
-- revoked or expired, whichever came first: least() skips a null revoked_at.
CREATE INDEX "sessions_ended_idx" ON "sessions" USING btree (least(expires_at, revoked_at));--> statement-breakpoint
CREATE INDEX "back_in_stock_notified_idx" ON "back_in_stock_subscriptions" USING btree ("notified_at") WHERE notified_at is not null;