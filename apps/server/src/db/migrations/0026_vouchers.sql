CREATE TABLE "voucher_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"program_id" uuid NOT NULL,
	"product_id" uuid,
	"name" text NOT NULL,
	"value_text" text,
	"description" text,
	"terms" text,
	"image_id" uuid,
	"usable_at" text NOT NULL,
	"validity_days" integer NOT NULL,
	"daily_redemption_limit" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_templates_product_id_unique" UNIQUE("product_id"),
	CONSTRAINT "voucher_templates_usable_at_check" CHECK ("voucher_templates"."usable_at" in ('in_store', 'ecommerce', 'both')),
	CONSTRAINT "voucher_templates_validity_check" CHECK ("voucher_templates"."validity_days" between 1 and 3650),
	CONSTRAINT "voucher_templates_daily_limit_check" CHECK ("voucher_templates"."daily_redemption_limit" is null or "voucher_templates"."daily_redemption_limit" >= 1)
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"template_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"card_id" char(24) NOT NULL,
	"code" text,
	"external_code" text,
	"status" text NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"source_type" text NOT NULL,
	"source_id" text NOT NULL,
	"source_index" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_place" text,
	CONSTRAINT "vouchers_merchant_code_key" UNIQUE("merchant_id","code"),
	CONSTRAINT "vouchers_source_key" UNIQUE("source_type","source_id","template_id","source_index"),
	CONSTRAINT "vouchers_status_check" CHECK ("vouchers"."status" in ('pending', 'active', 'used', 'suspended')),
	CONSTRAINT "vouchers_source_check" CHECK ("vouchers"."source_type" in ('order', 'reward', 'subscription', 'mission', 'grant')),
	CONSTRAINT "vouchers_code_check" CHECK (("vouchers"."status" = 'pending') = ("vouchers"."code" is null)),
	CONSTRAINT "vouchers_used_check" CHECK (("vouchers"."status" = 'used') = ("vouchers"."used_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "voucher_templates" ADD CONSTRAINT "voucher_templates_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_templates" ADD CONSTRAINT "voucher_templates_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_templates" ADD CONSTRAINT "voucher_templates_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_templates" ADD CONSTRAINT "voucher_templates_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_template_id_voucher_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."voucher_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voucher_templates_program_idx" ON "voucher_templates" USING btree ("program_id");--> statement-breakpoint
CREATE INDEX "vouchers_holder_idx" ON "vouchers" USING btree ("merchant_id","user_id","expires_at");