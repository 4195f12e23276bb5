ALTER TABLE "merchants" ADD COLUMN "accepts_both_logins" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "support_phone" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "support_email" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_support_phone_check" CHECK ("merchants"."support_phone" ~ '^\+[1-9][0-9]{6,14}$');