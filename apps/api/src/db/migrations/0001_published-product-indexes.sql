DROP INDEX "products_store_created_idx";--> statement-breakpoint
DROP INDEX "products_store_name_idx";--> statement-breakpoint
DROP INDEX "products_store_popularity_idx";--> statement-breakpoint
CREATE INDEX "products_store_created_idx" ON "products" USING btree ("store_id","created_at","id") WHERE "products"."is_published";--> statement-breakpoint
CREATE INDEX "products_store_name_idx" ON "products" USING btree ("store_id","name","id") WHERE "products"."is_published";--> statement-breakpoint
CREATE INDEX "products_store_popularity_idx" ON "products" USING btree ("store_id","popularity","id") WHERE "products"."is_published";