-- Housekeeping jobs (decision 019) delete what is past its retention in small batches, each batch found by
-- age or expiry: these indexes keep each batch from scanning its whole table.
CREATE INDEX "customer_invites_expires_idx" ON "customer_invites" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_expires_idx" ON "password_reset_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sign_in_throttles_window_started_idx" ON "sign_in_throttles" USING btree ("window_started_at");--> statement-breakpoint
CREATE INDEX "signup_requests_expires_idx" ON "signup_requests" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_created_idx" ON "outbox_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "back_in_stock_confirmation_tokens_expires_idx" ON "back_in_stock_confirmation_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "back_in_stock_unconfirmed_created_idx" ON "back_in_stock_subscriptions" USING btree ("created_at") WHERE confirmed_at is null and notified_at is null;--> statement-breakpoint
CREATE INDEX "rate_limits_window_started_idx" ON "rate_limits" USING btree ("window_started_at");