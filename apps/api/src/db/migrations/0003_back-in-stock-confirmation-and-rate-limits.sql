CREATE TABLE "back_in_stock_confirmation_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "back_in_stock_confirmation_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "back_in_stock_confirmation_tokens_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_limits_hits_check" CHECK ("rate_limits"."hits" >= 0)
);
--> statement-breakpoint
ALTER TABLE "back_in_stock_subscriptions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "back_in_stock_confirmation_tokens" ADD CONSTRAINT "back_in_stock_confirmation_tokens_subscription_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."back_in_stock_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "back_in_stock_confirmation_tokens_subscription_idx" ON "back_in_stock_confirmation_tokens" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "outbox_messages_recipient_idx" ON "outbox_messages" USING btree ("recipient","created_at");