CREATE TABLE "catalog_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"program_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_exclusive" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_categories_program_name_key" UNIQUE("program_id","name")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"program_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"type" text NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"terms" text,
	"image_id" uuid,
	"price_points" bigint,
	"price_minor" bigint,
	"currency" text NOT NULL,
	"stock" integer,
	"max_per_order" integer DEFAULT 10 NOT NULL,
	"weight_grams" integer,
	"is_precious_metal" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_program_sku_key" UNIQUE("program_id","sku"),
	CONSTRAINT "products_type_check" CHECK ("products"."type" in ('physical', 'evoucher', 'meal', 'digital')),
	CONSTRAINT "products_price_check" CHECK ("products"."price_points" is not null or "products"."price_minor" is not null),
	CONSTRAINT "products_price_sign_check" CHECK (coalesce("products"."price_points", 0) >= 0 and coalesce("products"."price_minor", 0) >= 0),
	CONSTRAINT "products_currency_check" CHECK ("products"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "products_stock_check" CHECK ("products"."stock" is null or "products"."stock" >= 0),
	CONSTRAINT "products_max_per_order_check" CHECK ("products"."max_per_order" >= 1),
	CONSTRAINT "products_weight_check" CHECK ("products"."weight_grams" is null or "products"."weight_grams" >= 0)
);
--> statement-breakpoint
ALTER TABLE "images" DROP CONSTRAINT "images_purpose_check";--> statement-breakpoint
ALTER TABLE "catalog_categories" ADD CONSTRAINT "catalog_categories_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_categories" ADD CONSTRAINT "catalog_categories_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_catalog_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."catalog_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_categories_program_idx" ON "catalog_categories" USING btree ("program_id","sort_order");--> statement-breakpoint
CREATE INDEX "products_program_idx" ON "products" USING btree ("program_id","sort_order");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_purpose_check" CHECK ("images"."purpose" in ('card-art', 'banner', 'icon', 'product'));