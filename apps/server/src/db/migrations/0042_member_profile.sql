ALTER TABLE "images" DROP CONSTRAINT "images_purpose_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "photo_image_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_photo_image_id_images_id_fk" FOREIGN KEY ("photo_image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_photo_image_id_idx" ON "users" USING btree ("photo_image_id") WHERE "users"."photo_image_id" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_gender_check" CHECK ("users"."gender" in ('male', 'female'));--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_purpose_check" CHECK ("images"."purpose" in ('card-art', 'banner', 'icon', 'product', 'avatar'));