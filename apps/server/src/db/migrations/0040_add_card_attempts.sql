ALTER TABLE "auth_attempts" DROP CONSTRAINT "auth_attempts_scope_check";--> statement-breakpoint
ALTER TABLE "auth_attempts" ADD CONSTRAINT "auth_attempts_scope_check" CHECK ("auth_attempts"."scope" in ('otp-request', 'otp-verify', 'pin', 'add-card', 'voucher-redemption', 'gift-claim', 'gift-card-charge', 'recipient-lookup'));--> statement-breakpoint
-- The add-card lock is one of the shared attempt locks now: its counts and locks move there.
INSERT INTO "auth_attempts" ("merchant_id", "scope", "subject", "counter", "window_started_at", "locked_until") SELECT "merchant_id", 'add-card', "user_id"::text, "failed_count", "updated_at", "locked_until" FROM "card_add_attempts" ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "card_add_attempts" CASCADE;
