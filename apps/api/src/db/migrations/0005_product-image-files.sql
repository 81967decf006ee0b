ALTER TABLE "product_images" ADD COLUMN "image_key" text;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "picture" jsonb;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_stored_whole" CHECK (("product_images"."image_key" is null) = ("product_images"."picture" is null));