CREATE TABLE "consent_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consent_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"source" text NOT NULL,
	"analytics" boolean,
	"marketing" boolean,
	"banner_version" integer,
	"subscribed" boolean,
	"topics" text[],
	"privacy_policy_version" text,
	"recorded_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_records_kind_check" CHECK (("consent_records"."kind" = 'cookies' and "consent_records"."source" in ('banner', 'settings_page') and "consent_records"."analytics" is not null and "consent_records"."marketing" is not null and "consent_records"."banner_version" is not null and "consent_records"."subscribed" is null and "consent_records"."topics" is null)
        or ("consent_records"."kind" = 'marketing' and "consent_records"."source" in ('newsletter_form', 'confirmation_link', 'unsubscribe_link', 'account') and "consent_records"."subscribed" is not null and "consent_records"."topics" is not null and "consent_records"."analytics" is null and "consent_records"."marketing" is null and "consent_records"."banner_version" is null))
);
--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_records_store_recorded_idx" ON "consent_records" USING btree ("store_id","recorded_at","id");--> statement-breakpoint
-- Hand-written: consent records are only ever appended (decision 060), so the database refuses to change one: no
-- later code can rewrite what a shopper chose. Deleting stays possible, as a store's deletion cascades to them.
CREATE FUNCTION "consent_records_refuse_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'consent_records are append-only: a decision is recorded anew, never changed';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "consent_records_append_only" BEFORE UPDATE ON "consent_records" FOR EACH ROW EXECUTE FUNCTION "consent_records_refuse_update"();
