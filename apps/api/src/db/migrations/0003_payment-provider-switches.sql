CREATE TABLE "store_payment_providers" (
	"store_id" integer NOT NULL,
	"provider" text NOT NULL,
	"is_enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_payment_providers_store_id_provider_pk" PRIMARY KEY("store_id","provider")
);
--> statement-breakpoint
ALTER TABLE "store_payment_providers" ADD CONSTRAINT "store_payment_providers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;