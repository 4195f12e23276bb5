ALTER TABLE "image_variants" DROP CONSTRAINT "image_variants_byte_length_check";--> statement-breakpoint
ALTER TABLE "image_variants" ALTER COLUMN "bytes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "image_variants" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "image_variants" ADD CONSTRAINT "image_variants_stored_once_check" CHECK (("image_variants"."bytes" is null) <> ("image_variants"."storage_key" is null));--> statement-breakpoint
ALTER TABLE "image_variants" ADD CONSTRAINT "image_variants_byte_length_check" CHECK ("image_variants"."bytes" is null or "image_variants"."byte_length" = octet_length("image_variants"."bytes"));