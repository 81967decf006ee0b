CREATE TABLE "variant_price_history" (
	"variant_id" integer NOT NULL,
	"currency_code" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "variant_price_history_variant_id_currency_code_valid_from_pk" PRIMARY KEY("variant_id","currency_code","valid_from"),
	CONSTRAINT "variant_price_history_amount_check" CHECK ("variant_price_history"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "variant_prices" ADD COLUMN "lowest_prior_amount" integer;--> statement-breakpoint
ALTER TABLE "variant_price_history" ADD CONSTRAINT "variant_price_history_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Prices set before the history was kept: each one is on record from now, and a sale already announced has no earlier
-- price on record, so the lowest price before its reduction is taken to be the price it sells at (decision 058).
INSERT INTO "variant_price_history" ("variant_id", "currency_code", "valid_from", "amount") SELECT "variant_id", "currency_code", now(), "amount" FROM "variant_prices";--> statement-breakpoint
UPDATE "variant_prices" SET "lowest_prior_amount" = "amount" WHERE "original_amount" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "variant_prices" ADD CONSTRAINT "variant_prices_lowest_prior_check" CHECK (("variant_prices"."original_amount" is null) = ("variant_prices"."lowest_prior_amount" is null));