CREATE TABLE "search_documents" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"title" text NOT NULL,
	"title_key" text NOT NULL,
	"authors" text DEFAULT '' NOT NULL,
	"series" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"in_stock" boolean NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, "search_documents"."title"), 'A') || setweight(to_tsvector('english'::regconfig, "search_documents"."authors"), 'B') || setweight(to_tsvector('english'::regconfig, "search_documents"."series"), 'C') || setweight(to_tsvector('english'::regconfig, "search_documents"."body"), 'D')) STORED,
	"prefixes" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, "search_documents"."title"), 'A') || setweight(to_tsvector('simple'::regconfig, "search_documents"."authors"), 'B') || setweight(to_tsvector('simple'::regconfig, "search_documents"."series"), 'C')) STORED,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_index_pending" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"store_id" integer NOT NULL,
	"word" text NOT NULL,
	"documents" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "search_words_store_id_word_pk" PRIMARY KEY("store_id","word")
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "isbn" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "series" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "search_documents" ADD CONSTRAINT "search_documents_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_documents" ADD CONSTRAINT "search_documents_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_index_pending" ADD CONSTRAINT "search_index_pending_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_index_pending" ADD CONSTRAINT "search_index_pending_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_words" ADD CONSTRAINT "search_words_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_documents_document_idx" ON "search_documents" USING gin ("document");--> statement-breakpoint
CREATE INDEX "search_documents_prefixes_idx" ON "search_documents" USING gin ("prefixes");--> statement-breakpoint
CREATE INDEX "search_documents_codes_idx" ON "search_documents" USING gin ("codes");--> statement-breakpoint
CREATE INDEX "search_documents_store_popularity_idx" ON "search_documents" USING btree ("store_id","popularity" DESC NULLS LAST,"product_id");--> statement-breakpoint
CREATE INDEX "search_index_pending_store_idx" ON "search_index_pending" USING btree ("store_id","product_id");--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "attribute_values_label_trgm_idx" ON "attribute_values" USING gin ("label" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_store_isbn_unique" UNIQUE("store_id","isbn");--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_isbn_check" CHECK ("product_variants"."isbn" ~ '^97[89][0-9]{10}$');--> statement-breakpoint
-- Every product a shop already has is queued for the search index; the worker's search-index sweep writes them.
INSERT INTO "search_index_pending" ("product_id", "store_id") SELECT "id", "store_id" FROM "products";
