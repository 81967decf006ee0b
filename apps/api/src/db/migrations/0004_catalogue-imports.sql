CREATE TABLE "catalogue_import_products" (
	"import_id" integer NOT NULL,
	"position" integer NOT NULL,
	"handle" text NOT NULL,
	"draft" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	CONSTRAINT "catalogue_import_products_import_id_position_pk" PRIMARY KEY("import_id","position"),
	CONSTRAINT "catalogue_import_products_status_check" CHECK ("catalogue_import_products"."status" in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "catalogue_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalogue_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"format" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"rows" integer NOT NULL,
	"products" integer NOT NULL,
	"products_done" integer DEFAULT 0 NOT NULL,
	"products_failed" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"requested_by" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "catalogue_imports_format_check" CHECK ("catalogue_imports"."format" in ('quire', 'shopify')),
	CONSTRAINT "catalogue_imports_status_check" CHECK ("catalogue_imports"."status" in ('queued', 'running', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "catalogue_import_products" ADD CONSTRAINT "catalogue_import_products_import_id_catalogue_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."catalogue_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD CONSTRAINT "catalogue_imports_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_import_products_pending_idx" ON "catalogue_import_products" USING btree ("import_id","position") WHERE "catalogue_import_products"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "catalogue_imports_store_idx" ON "catalogue_imports" USING btree ("store_id","id");