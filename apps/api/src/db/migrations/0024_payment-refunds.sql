CREATE TABLE "payment_refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"reason" text NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount" integer NOT NULL,
	"currency_code" text NOT NULL,
	"provider_reference" text,
	"failure_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_source_unique" UNIQUE("source"),
	CONSTRAINT "payment_refunds_amount_check" CHECK ("payment_refunds"."amount" > 0),
	CONSTRAINT "payment_refunds_status_check" CHECK ("payment_refunds"."status" in ('pending','succeeded','failed','owed'))
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refunds_store_idx" ON "payment_refunds" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_refunds_order_idx" ON "payment_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_pending_idx" ON "payment_refunds" USING btree ("updated_at") WHERE status = 'pending';--> statement-breakpoint
-- Refunds made before this table: returns refunded through the order's payment, and paid orders the merchant
-- cancelled (their payment refunded). A bank transfer's is owed until the merchant says it was paid back.
INSERT INTO "payment_refunds" ("store_id", "order_id", "payment_id", "reason", "source", "status", "amount", "currency_code", "provider_reference", "created_at", "updated_at")
SELECT p."store_id", p."order_id", p."id", 'return', 'return:' || rr."return_id", 'succeeded', rr."amount", rr."currency_code", rr."provider_reference", rr."created_at", rr."updated_at"
FROM "return_refunds" rr JOIN "payments" p ON p."id" = rr."payment_id"
WHERE rr."kind" = 'payment';--> statement-breakpoint
INSERT INTO "payment_refunds" ("store_id", "order_id", "payment_id", "reason", "source", "status", "amount", "currency_code", "created_at", "updated_at")
SELECT p."store_id", p."order_id", p."id", 'order_cancelled', 'order:' || p."order_id",
       CASE WHEN p."provider" = 'proforma-invoice' THEN 'owed' ELSE 'succeeded' END, p."amount", p."currency_code", p."updated_at", p."updated_at"
FROM "payments" p
WHERE p."status" = 'refunded';--> statement-breakpoint
DELETE FROM "return_refunds" WHERE "kind" = 'payment';
