ALTER TABLE "vouchers" ADD COLUMN "gift_held_until" timestamp with time zone;--> statement-breakpoint
-- A voucher held by a pending gift now says so itself, until the gift's expiry.
UPDATE "vouchers" SET "gift_held_until" = "voucher_gifts"."expires_at" FROM "voucher_gifts" WHERE "voucher_gifts"."voucher_id" = "vouchers"."id" AND "voucher_gifts"."status" = 'pending';
