CREATE TABLE "marketing_subscription_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketing_subscription_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"topics" text[] DEFAULT '{}'::text[] NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "marketing_subscription_links_tokenHash_unique" UNIQUE("token_hash"),
	CONSTRAINT "marketing_subscription_links_kind_check" CHECK ("marketing_subscription_links"."kind" in ('confirm', 'unsubscribe'))
);
--> statement-breakpoint
CREATE TABLE "marketing_subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketing_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"email" text NOT NULL,
	"customer_id" integer,
	"topics" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marketing_subscription_links" ADD CONSTRAINT "marketing_subscription_links_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_subscriptions" ADD CONSTRAINT "marketing_subscriptions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_subscriptions" ADD CONSTRAINT "marketing_subscriptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketing_subscription_links_expires_idx" ON "marketing_subscription_links" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_subscriptions_store_email_unique" ON "marketing_subscriptions" USING btree ("store_id","email");--> statement-breakpoint
-- Customers who ticked "Email me about new books, offers and events" before topics existed keep getting them (decision 034).
INSERT INTO "marketing_subscriptions" ("store_id", "email", "customer_id", "topics")
SELECT "store_id", lower("email"), "id", ARRAY['new_releases', 'offers', 'events']::text[] FROM "customers" WHERE "marketing_opt_in"
ON CONFLICT ("store_id", "email") DO NOTHING;
