CREATE TABLE "companies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer,
	"company_id" integer,
	"added_by_customer_id" integer,
	"address" jsonb NOT NULL,
	"is_default_delivery" boolean DEFAULT false NOT NULL,
	"is_default_billing" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_addresses_one_owner_check" CHECK (("saved_addresses"."customer_id" is null) <> ("saved_addresses"."company_id" is null)),
	CONSTRAINT "saved_addresses_company_defaults_check" CHECK ("saved_addresses"."company_id" is null or not ("saved_addresses"."is_default_delivery" or "saved_addresses"."is_default_billing"))
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_addresses" ADD CONSTRAINT "saved_addresses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_addresses" ADD CONSTRAINT "saved_addresses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_addresses" ADD CONSTRAINT "saved_addresses_added_by_customer_id_customers_id_fk" FOREIGN KEY ("added_by_customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_store_name_unique" ON "companies" USING btree ("store_id",lower("name"));--> statement-breakpoint
CREATE INDEX "saved_addresses_customer_idx" ON "saved_addresses" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "saved_addresses_company_idx" ON "saved_addresses" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_addresses_default_delivery_unique" ON "saved_addresses" USING btree ("customer_id") WHERE "saved_addresses"."is_default_delivery";--> statement-breakpoint
CREATE UNIQUE INDEX "saved_addresses_default_billing_unique" ON "saved_addresses" USING btree ("customer_id") WHERE "saved_addresses"."is_default_billing";--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_company_idx" ON "customers" USING btree ("company_id");--> statement-breakpoint
-- Trade buyers invited before companies existed: each company name (ignoring case) becomes one company.
INSERT INTO "companies" ("store_id", "name")
SELECT DISTINCT ON ("store_id", lower(trim("company_name"))) "store_id", trim("company_name")
FROM "customers"
WHERE "is_trade" AND trim("company_name") <> ''
ORDER BY "store_id", lower(trim("company_name")), "id";--> statement-breakpoint
UPDATE "customers" SET "company_id" = "companies"."id"
FROM "companies"
WHERE "customers"."is_trade" AND "companies"."store_id" = "customers"."store_id"
  AND lower("companies"."name") = lower(trim("customers"."company_name"));
