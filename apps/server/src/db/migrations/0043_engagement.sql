CREATE TABLE "feature_locks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"feature" text NOT NULL,
	"program_id" uuid,
	"min_level_rank" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "feature_locks_merchant_feature_key" UNIQUE("merchant_id","feature"),
	CONSTRAINT "feature_locks_feature_check" CHECK ("feature_locks"."feature" in ('catalog', 'claim-point', 'egift', 'mission', 'privilege', 'referral', 'scan-qris', 'scan-receipt', 'scan-to-earn', 'subscription', 'target-achievement', 'transfer-point')),
	CONSTRAINT "feature_locks_level_check" CHECK (("feature_locks"."program_id" is null) = ("feature_locks"."min_level_rank" is null) and ("feature_locks"."min_level_rank" is null or "feature_locks"."min_level_rank" >= 1))
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"program_id" uuid NOT NULL,
	"placement" text NOT NULL,
	"image_id" uuid NOT NULL,
	"title" text NOT NULL,
	"link" text,
	"position" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "banners_placement_check" CHECK ("banners"."placement" in ('card', 'in_app')),
	CONSTRAINT "banners_link_check" CHECK ("banners"."link" ~ '^(/([^/\\]|$)|https://[^\s]+$)'),
	CONSTRAINT "banners_title_check" CHECK (length("banners"."title") between 1 and 120),
	CONSTRAINT "banners_window_check" CHECK ("banners"."ends_at" is null or "banners"."starts_at" is null or "banners"."ends_at" > "banners"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "broadcasts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"audience" jsonb NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"link" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"cursor" text,
	"sent" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "broadcasts_status_check" CHECK ("broadcasts"."status" in ('queued', 'sending', 'done')),
	CONSTRAINT "broadcasts_audience_check" CHECK ("broadcasts"."audience"->>'kind' in ('everyone', 'level', 'phones'))
);
--> statement-breakpoint
CREATE TABLE "merchant_terms" (
	"merchant_id" integer NOT NULL,
	"language" text NOT NULL,
	"terms_condition" text NOT NULL,
	"privacy_policy" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "merchant_terms_merchant_id_language_pk" PRIMARY KEY("merchant_id","language"),
	CONSTRAINT "merchant_terms_language_check" CHECK ("merchant_terms"."language" in ('en', 'id', 'my', 'ja'))
);
--> statement-breakpoint
ALTER TABLE "inbox_messages" DROP CONSTRAINT "inbox_messages_kind_check";--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD COLUMN "broadcast_id" uuid;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD COLUMN "once_key" text;--> statement-breakpoint
ALTER TABLE "feature_locks" ADD CONSTRAINT "feature_locks_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_locks" ADD CONSTRAINT "feature_locks_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_terms" ADD CONSTRAINT "merchant_terms_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_program_idx" ON "banners" USING btree ("program_id","placement","position");--> statement-breakpoint
CREATE INDEX "banners_image_id_idx" ON "banners" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "broadcasts_merchant_idx" ON "broadcasts" USING btree ("merchant_id","created_at");--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_broadcast_id_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."broadcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_messages_once_key" ON "inbox_messages" USING btree ("user_id","once_key") WHERE "inbox_messages"."once_key" is not null;--> statement-breakpoint
CREATE INDEX "inbox_messages_broadcast_idx" ON "inbox_messages" USING btree ("broadcast_id") WHERE "inbox_messages"."broadcast_id" is not null;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_kind_check" CHECK ("inbox_messages"."facts"->>'kind' in ('merchant', 'points_earned', 'transfer_received', 'order_status', 'payment_settled', 'reward_granted', 'level_reached', 'points_expiring', 'voucher_expiring'));