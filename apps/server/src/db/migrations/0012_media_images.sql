CREATE TABLE "image_variants" (
	"image_id" uuid NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"byte_length" integer NOT NULL,
	CONSTRAINT "image_variants_image_id_width_pk" PRIMARY KEY("image_id","width"),
	CONSTRAINT "image_variants_size_check" CHECK ("image_variants"."width" > 0 and "image_variants"."height" > 0),
	CONSTRAINT "image_variants_byte_length_check" CHECK ("image_variants"."byte_length" = octet_length("image_variants"."bytes"))
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_purpose_check" CHECK ("images"."purpose" in ('card-art', 'banner', 'icon'))
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "banner_image_id" uuid;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "icon_image_id" uuid;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "card_art_image_id" uuid;--> statement-breakpoint
ALTER TABLE "image_variants" ADD CONSTRAINT "image_variants_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "images_merchant_id_idx" ON "images" USING btree ("merchant_id");--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_banner_image_id_images_id_fk" FOREIGN KEY ("banner_image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_icon_image_id_images_id_fk" FOREIGN KEY ("icon_image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_card_art_image_id_images_id_fk" FOREIGN KEY ("card_art_image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;