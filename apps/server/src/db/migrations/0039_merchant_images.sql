CREATE TABLE "merchant_images" (
	"merchant_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"image_id" uuid NOT NULL,
	CONSTRAINT "merchant_images_merchant_id_purpose_pk" PRIMARY KEY("merchant_id","purpose"),
	CONSTRAINT "merchant_images_purpose_check" CHECK ("merchant_images"."purpose" in ('banner', 'icon'))
);
--> statement-breakpoint
ALTER TABLE "merchants" DROP CONSTRAINT "merchants_banner_image_id_images_id_fk";
--> statement-breakpoint
ALTER TABLE "merchants" DROP CONSTRAINT "merchants_icon_image_id_images_id_fk";
--> statement-breakpoint
ALTER TABLE "merchant_images" ADD CONSTRAINT "merchant_images_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_images" ADD CONSTRAINT "merchant_images_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The merchants' banners and icons move here, the media module's own table.
INSERT INTO "merchant_images" ("merchant_id", "purpose", "image_id") SELECT "id", 'banner', "banner_image_id" FROM "merchants" WHERE "banner_image_id" IS NOT NULL;--> statement-breakpoint
INSERT INTO "merchant_images" ("merchant_id", "purpose", "image_id") SELECT "id", 'icon', "icon_image_id" FROM "merchants" WHERE "icon_image_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" DROP COLUMN "banner_image_id";--> statement-breakpoint
ALTER TABLE "merchants" DROP COLUMN "icon_image_id";