CREATE TABLE "merchant_payment_settings" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"methods" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_payment_settings_provider_check" CHECK ("merchant_payment_settings"."provider" in ('sandbox', 'xendit', 'midtrans')),
	CONSTRAINT "merchant_payment_settings_methods_check" CHECK (jsonb_typeof("merchant_payment_settings"."methods") = 'array' and jsonb_array_length("merchant_payment_settings"."methods") > 0)
);
--> statement-breakpoint
CREATE TABLE "subscription_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"subscription_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"auto_renew" boolean NOT NULL,
	"intent_id" uuid,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"period_starts_at" timestamp with time zone,
	"period_ends_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "subscription_charges_kind_check" CHECK ("subscription_charges"."kind" in ('new', 'renewal', 'auto_renewal')),
	CONSTRAINT "subscription_charges_status_check" CHECK ("subscription_charges"."status" in ('open', 'paid', 'failed', 'expired', 'cancelled')),
	CONSTRAINT "subscription_charges_amount_check" CHECK ("subscription_charges"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"program_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"duration_months" integer NOT NULL,
	"price_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"auto_renew_default" boolean DEFAULT false NOT NULL,
	"fee_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_plans_status_check" CHECK ("subscription_plans"."status" in ('active', 'inactive')),
	CONSTRAINT "subscription_plans_duration_check" CHECK ("subscription_plans"."duration_months" between 1 and 36),
	CONSTRAINT "subscription_plans_price_check" CHECK ("subscription_plans"."price_minor" > 0),
	CONSTRAINT "subscription_plans_currency_check" CHECK ("subscription_plans"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"card_id" char(24) NOT NULL,
	"program_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"status" text DEFAULT 'inactive' NOT NULL,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"card_token" text,
	"card_brand" text,
	"card_last4" char(4),
	"card_expiry_month" smallint,
	"card_expiry_year" smallint,
	"card_name" text,
	"period_starts_at" timestamp with time zone,
	"period_ends_at" timestamp with time zone,
	"last_billed_at" timestamp with time zone,
	"grace_until" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "subscriptions_card_unique" UNIQUE("card_id"),
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('inactive', 'active', 'cancelled', 'expired', 'ended')),
	CONSTRAINT "subscriptions_period_check" CHECK (("subscriptions"."period_starts_at" is null) = ("subscriptions"."period_ends_at" is null) and ("subscriptions"."period_ends_at" is null or "subscriptions"."period_ends_at" > "subscriptions"."period_starts_at")),
	CONSTRAINT "subscriptions_paid_check" CHECK ("subscriptions"."status" = 'inactive' or "subscriptions"."period_ends_at" is not null),
	CONSTRAINT "subscriptions_card_check" CHECK (("subscriptions"."card_token" is null) = ("subscriptions"."card_last4" is null)),
	CONSTRAINT "subscriptions_auto_renew_check" CHECK (not "subscriptions"."auto_renew" or "subscriptions"."card_token" is not null)
);
--> statement-breakpoint
ALTER TABLE "merchant_payment_settings" ADD CONSTRAINT "merchant_payment_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_intent_id_payment_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_charges_subscription_idx" ON "subscription_charges" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE INDEX "subscription_plans_program_idx" ON "subscription_plans" USING btree ("program_id","sort_order");--> statement-breakpoint
CREATE INDEX "subscriptions_renewal_idx" ON "subscriptions" USING btree ("period_ends_at") WHERE "subscriptions"."status" in ('active', 'cancelled');