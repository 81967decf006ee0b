CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "cart_checkouts" (
	"cart_id" integer PRIMARY KEY NOT NULL,
	"email" text,
	"first_name" text,
	"last_name" text,
	"phone" text,
	"delivery_address" jsonb,
	"billing_address" jsonb,
	"billing_same_as_delivery" boolean DEFAULT true NOT NULL,
	"delivery_zone_option_id" integer,
	"reference_number" text,
	"customer_comment" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_discount_codes" (
	"cart_id" integer NOT NULL,
	"discount_code_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_discount_codes_cart_id_discount_code_id_pk" PRIMARY KEY("cart_id","discount_code_id")
);
--> statement-breakpoint
CREATE TABLE "currency_tax_modes" (
	"store_id" integer NOT NULL,
	"currency_code" text NOT NULL,
	"prices_include_tax" boolean NOT NULL,
	CONSTRAINT "currency_tax_modes_store_id_currency_code_pk" PRIMARY KEY("store_id","currency_code")
);
--> statement-breakpoint
CREATE TABLE "delivery_option_prices" (
	"option_id" integer NOT NULL,
	"currency_code" text NOT NULL,
	"amount" integer NOT NULL,
	"free_over_amount" integer,
	CONSTRAINT "delivery_option_prices_option_id_currency_code_pk" PRIMARY KEY("option_id","currency_code"),
	CONSTRAINT "delivery_option_prices_amount_check" CHECK ("delivery_option_prices"."amount" >= 0 and ("delivery_option_prices"."free_over_amount" is null or "delivery_option_prices"."free_over_amount" >= 0))
);
--> statement-breakpoint
CREATE TABLE "delivery_zone_options" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delivery_zone_options_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"zone_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"min_days" integer NOT NULL,
	"max_days" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "delivery_zone_options_kind_check" CHECK ("delivery_zone_options"."kind" in ('standard','express','free')),
	CONSTRAINT "delivery_zone_options_days_check" CHECK ("delivery_zone_options"."min_days" >= 0 and "delivery_zone_options"."max_days" >= "delivery_zone_options"."min_days")
);
--> statement-breakpoint
CREATE TABLE "delivery_zones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delivery_zones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"name" text NOT NULL,
	"country_codes" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_code_currency_rules" (
	"discount_code_id" integer NOT NULL,
	"currency_code" text NOT NULL,
	"amount_off" integer,
	"minimum_spend" integer,
	CONSTRAINT "discount_code_currency_rules_discount_code_id_currency_code_pk" PRIMARY KEY("discount_code_id","currency_code"),
	CONSTRAINT "discount_code_currency_rules_amounts_check" CHECK (coalesce("discount_code_currency_rules"."amount_off", 0) >= 0 and coalesce("discount_code_currency_rules"."minimum_spend", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discount_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"basis_points" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"per_customer_limit" integer,
	"times_used" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_store_code_unique" UNIQUE("store_id","code"),
	CONSTRAINT "discount_codes_kind_check" CHECK ("discount_codes"."kind" in ('percentage','fixed_amount','free_delivery')),
	CONSTRAINT "discount_codes_percentage_check" CHECK (("discount_codes"."kind" = 'percentage') = ("discount_codes"."basis_points" is not null) and ("discount_codes"."basis_points" is null or "discount_codes"."basis_points" between 1 and 10000)),
	CONSTRAINT "discount_codes_usage_check" CHECK ("discount_codes"."times_used" >= 0 and ("discount_codes"."usage_limit" is null or "discount_codes"."times_used" <= "discount_codes"."usage_limit") and ("discount_codes"."per_customer_limit" is null or "discount_codes"."per_customer_limit" >= 1))
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"store_id" integer NOT NULL,
	"country_code" text NOT NULL,
	"tax_class" text NOT NULL,
	"basis_points" integer NOT NULL,
	CONSTRAINT "tax_rates_store_id_country_code_tax_class_pk" PRIMARY KEY("store_id","country_code","tax_class"),
	CONSTRAINT "tax_rates_basis_points_check" CHECK ("tax_rates"."basis_points" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "discount_code_uses" (
	"discount_code_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"customer_id" integer,
	"email" text NOT NULL,
	CONSTRAINT "discount_code_uses_discount_code_id_order_id_pk" PRIMARY KEY("discount_code_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"variant_id" integer,
	"sku" text NOT NULL,
	"product_name" text NOT NULL,
	"variant_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_amount" integer NOT NULL,
	"tax_class" text NOT NULL,
	"addons" jsonb NOT NULL,
	"total" integer NOT NULL,
	"reserved_quantity" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "order_lines_quantity_check" CHECK ("order_lines"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"store_id" integer NOT NULL,
	"cart_id" integer NOT NULL,
	"customer_id" integer,
	"anonymous_id" text,
	"status" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"currency_code" text NOT NULL,
	"prices_include_tax" boolean NOT NULL,
	"sub_total" integer NOT NULL,
	"discount_total" integer NOT NULL,
	"delivery_charge" integer NOT NULL,
	"tax_total" integer NOT NULL,
	"grand_total" integer NOT NULL,
	"tax_lines" jsonb NOT NULL,
	"discount_lines" jsonb NOT NULL,
	"delivery_address" jsonb NOT NULL,
	"billing_address" jsonb NOT NULL,
	"delivery_option_id" integer,
	"delivery_option_name" text NOT NULL,
	"delivery_option_kind" text NOT NULL,
	"reference_number" text,
	"customer_comment" text,
	"privacy_policy_id" text,
	"terms_accepted_at" timestamp with time zone,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payment_due_by" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_publicId_unique" UNIQUE("public_id"),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('awaiting_payment','confirmed','shipped','delivered','cancelled')),
	CONSTRAINT "orders_amounts_check" CHECK ("orders"."sub_total" >= 0 and "orders"."discount_total" >= 0 and "orders"."delivery_charge" >= 0 and "orders"."tax_total" >= 0 and "orders"."grand_total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "addons" ADD COLUMN "tax_class" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_class" text DEFAULT 'books' NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_checkouts" ADD CONSTRAINT "cart_checkouts_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_discount_codes" ADD CONSTRAINT "cart_discount_codes_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_discount_codes" ADD CONSTRAINT "cart_discount_codes_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "currency_tax_modes" ADD CONSTRAINT "currency_tax_modes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_option_prices" ADD CONSTRAINT "delivery_option_prices_option_id_delivery_zone_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."delivery_zone_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_zone_options" ADD CONSTRAINT "delivery_zone_options_zone_id_delivery_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."delivery_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD CONSTRAINT "delivery_zones_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_currency_rules" ADD CONSTRAINT "discount_code_currency_rules_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_uses" ADD CONSTRAINT "discount_code_uses_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_uses" ADD CONSTRAINT "discount_code_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_zone_options_zone_idx" ON "delivery_zone_options" USING btree ("zone_id","position");--> statement-breakpoint
CREATE INDEX "discount_code_uses_email_idx" ON "discount_code_uses" USING btree ("discount_code_id","email");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_cart_unique" ON "orders" USING btree ("cart_id");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","placed_at");--> statement-breakpoint
CREATE INDEX "orders_awaiting_payment_idx" ON "orders" USING btree ("payment_due_by") WHERE status = 'awaiting_payment';--> statement-breakpoint
ALTER TABLE "addons" ADD CONSTRAINT "addons_tax_class_check" CHECK ("addons"."tax_class" in ('books','standard'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tax_class_check" CHECK ("products"."tax_class" in ('books','standard'));