CREATE SEQUENCE "public"."withdrawal_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 700001 CACHE 1;--> statement-breakpoint
CREATE TABLE "order_withdrawal_lines" (
	"withdrawal_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "order_withdrawal_lines_withdrawal_id_order_line_id_pk" PRIMARY KEY("withdrawal_id","order_line_id"),
	CONSTRAINT "order_withdrawal_lines_quantity_check" CHECK ("order_withdrawal_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_withdrawals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"store_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"status" text DEFAULT 'declared' NOT NULL,
	"whole_order" boolean NOT NULL,
	"currency_code" text NOT NULL,
	"amount" integer NOT NULL,
	"delivery_amount" integer NOT NULL,
	"declared_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refund_due_by" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_withdrawals_publicId_unique" UNIQUE("public_id"),
	CONSTRAINT "order_withdrawals_amount_check" CHECK ("order_withdrawals"."amount" >= 0 and "order_withdrawals"."delivery_amount" >= 0 and "order_withdrawals"."delivery_amount" <= "order_withdrawals"."amount"),
	CONSTRAINT "order_withdrawals_status_check" CHECK ("order_withdrawals"."status" in ('declared','received','refunding','refunded'))
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "withdrawal_period_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "withdrawal_exemption" text;--> statement-breakpoint
ALTER TABLE "order_withdrawal_lines" ADD CONSTRAINT "order_withdrawal_lines_withdrawal_id_order_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."order_withdrawals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_withdrawal_lines" ADD CONSTRAINT "order_withdrawal_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_withdrawals" ADD CONSTRAINT "order_withdrawals_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_withdrawals" ADD CONSTRAINT "order_withdrawals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_withdrawal_lines_line_idx" ON "order_withdrawal_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "order_withdrawals_order_idx" ON "order_withdrawals" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_withdrawals_store_due_idx" ON "order_withdrawals" USING btree ("store_id","refund_due_by","id");--> statement-breakpoint
CREATE INDEX "order_withdrawals_store_declared_idx" ON "order_withdrawals" USING btree ("store_id","declared_at","id");--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_withdrawal_period_check" CHECK ("stores"."withdrawal_period_days" between 14 and 365);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_withdrawal_exemption_check" CHECK ("products"."withdrawal_exemption" in ('personalised','sealed_hygiene','sealed_recording'));