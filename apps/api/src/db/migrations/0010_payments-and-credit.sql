CREATE TABLE "customer_credits" (
	"customer_id" integer NOT NULL,
	"currency_code" text NOT NULL,
	"limit_amount" integer NOT NULL,
	"used_amount" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "customer_credits_customer_id_currency_code_pk" PRIMARY KEY("customer_id","currency_code"),
	CONSTRAINT "customer_credits_amounts_check" CHECK ("customer_credits"."used_amount" >= 0 and "customer_credits"."limit_amount" >= 0 and "customer_credits"."used_amount" <= "customer_credits"."limit_amount")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"store_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"currency_code" text NOT NULL,
	"provider_reference" text,
	"redirect_url" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_publicId_unique" UNIQUE("public_id"),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('created','pending','captured','failed','cancelled','refunded')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "customer_credits" ADD CONSTRAINT "customer_credits_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_reference_unique" ON "payments" USING btree ("provider","provider_reference") WHERE provider_reference is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_captured_per_order" ON "payments" USING btree ("order_id") WHERE status in ('captured', 'refunded');