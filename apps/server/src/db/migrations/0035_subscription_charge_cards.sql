ALTER TABLE "subscription_charges" ADD COLUMN "card_token" text;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "card_last4" char(4);--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "card_expiry_month" smallint;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "card_expiry_year" smallint;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "card_name" text;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_card_check" CHECK (("subscription_charges"."card_token" is null) = ("subscription_charges"."card_last4" is null));