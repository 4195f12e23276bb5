CREATE TABLE "voucher_gifts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"voucher_id" uuid NOT NULL,
	"sender_user_id" uuid NOT NULL,
	"sender_card_id" char(24) NOT NULL,
	"recipient_phone" text NOT NULL,
	"recipient_dial_code" text NOT NULL,
	"message" text,
	"token_hash" text NOT NULL,
	"token_sealed" text,
	"pin_hash" text,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"claimed_by_user_id" uuid,
	"claimed_card_id" char(24),
	"cancelled_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	CONSTRAINT "voucher_gifts_status_check" CHECK ("voucher_gifts"."status" in ('pending', 'claimed', 'cancelled', 'returned')),
	CONSTRAINT "voucher_gifts_secrets_check" CHECK ("voucher_gifts"."status" <> 'pending' or ("voucher_gifts"."pin_hash" is not null and "voucher_gifts"."token_sealed" is not null)),
	CONSTRAINT "voucher_gifts_claimed_check" CHECK (("voucher_gifts"."status" = 'claimed') = ("voucher_gifts"."claimed_at" is not null and "voucher_gifts"."claimed_by_user_id" is not null and "voucher_gifts"."claimed_card_id" is not null)),
	CONSTRAINT "voucher_gifts_message_check" CHECK (char_length("voucher_gifts"."message") <= 200)
);
--> statement-breakpoint
ALTER TABLE "auth_attempts" DROP CONSTRAINT "auth_attempts_scope_check";--> statement-breakpoint
ALTER TABLE "voucher_gifts" ADD CONSTRAINT "voucher_gifts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_gifts" ADD CONSTRAINT "voucher_gifts_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_gifts" ADD CONSTRAINT "voucher_gifts_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_gifts" ADD CONSTRAINT "voucher_gifts_sender_card_id_cards_id_fk" FOREIGN KEY ("sender_card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_gifts" ADD CONSTRAINT "voucher_gifts_claimed_by_user_id_users_id_fk" FOREIGN KEY ("claimed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_gifts" ADD CONSTRAINT "voucher_gifts_claimed_card_id_cards_id_fk" FOREIGN KEY ("claimed_card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_gifts_token_key" ON "voucher_gifts" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_gifts_pending_key" ON "voucher_gifts" USING btree ("voucher_id") WHERE "voucher_gifts"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "voucher_gifts_sender_idx" ON "voucher_gifts" USING btree ("merchant_id","sender_user_id","voucher_id");--> statement-breakpoint
CREATE INDEX "voucher_gifts_expiry_idx" ON "voucher_gifts" USING btree ("expires_at") WHERE "voucher_gifts"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "auth_attempts" ADD CONSTRAINT "auth_attempts_scope_check" CHECK ("auth_attempts"."scope" in ('otp-request', 'otp-verify', 'pin', 'voucher-redemption', 'gift-claim'));