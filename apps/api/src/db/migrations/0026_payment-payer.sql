ALTER TABLE "payments" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Each payment's payer is its order's customer (null for a guest's order).
UPDATE "payments" p SET "customer_id" = o."customer_id" FROM "orders" o WHERE o."id" = p."order_id";--> statement-breakpoint
CREATE INDEX "payments_customer_credit_idx" ON "payments" USING btree ("customer_id","created_at") WHERE provider = 'on-account' and status = 'captured';