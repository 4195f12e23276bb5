CREATE TABLE "referral_codes" (
	"referral_program_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"merchant_id" integer NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referral_codes_pk" PRIMARY KEY("referral_program_id","user_id"),
	CONSTRAINT "referral_codes_code_check" CHECK ("referral_codes"."code" ~ '^[A-Z0-9]{4,32}$')
);
--> statement-breakpoint
CREATE TABLE "referral_programs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"program_id" uuid NOT NULL,
	"referrer_reward" bigint NOT NULL,
	"friend_reward" bigint NOT NULL,
	"reward_on" text NOT NULL,
	"daily_reward_cap" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referral_programs_reward_on_check" CHECK ("referral_programs"."reward_on" in ('registered', 'purchased')),
	CONSTRAINT "referral_programs_rewards_check" CHECK ("referral_programs"."referrer_reward" >= 0 and "referral_programs"."friend_reward" >= 0),
	CONSTRAINT "referral_programs_cap_check" CHECK ("referral_programs"."daily_reward_cap" between 1 and 1000),
	CONSTRAINT "referral_programs_window_check" CHECK ("referral_programs"."ends_at" is null or "referral_programs"."ends_at" >= "referral_programs"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"referral_program_id" uuid NOT NULL,
	"referrer_user_id" uuid NOT NULL,
	"friend_identifier" text NOT NULL,
	"friend_user_id" uuid,
	"friend_device_hash" text,
	"state" text NOT NULL,
	"unavailable_reason" text,
	"commission" bigint DEFAULT 0 NOT NULL,
	"commission_due_at" timestamp with time zone,
	"commission_paid_at" timestamp with time zone,
	"commission_entry_id" uuid,
	"invited_at" timestamp with time zone NOT NULL,
	"registered_at" timestamp with time zone,
	"purchased_at" timestamp with time zone,
	CONSTRAINT "referrals_state_check" CHECK ("referrals"."state" in ('pending', 'registered', 'purchased', 'unavailable')),
	CONSTRAINT "referrals_reason_check" CHECK (("referrals"."state" = 'unavailable') = ("referrals"."unavailable_reason" is not null)),
	CONSTRAINT "referrals_unavailable_reason_check" CHECK ("referrals"."unavailable_reason" is null or "referrals"."unavailable_reason" in ('already-member', 'invited-by-another', 'joined-another', 'device-used')),
	CONSTRAINT "referrals_commission_check" CHECK ("referrals"."commission" >= 0)
);
--> statement-breakpoint
ALTER TABLE "inbox_messages" DROP CONSTRAINT "inbox_messages_kind_check";--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_referral_program_id_referral_programs_id_fk" FOREIGN KEY ("referral_program_id") REFERENCES "public"."referral_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_programs" ADD CONSTRAINT "referral_programs_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_programs" ADD CONSTRAINT "referral_programs_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referral_program_id_referral_programs_id_fk" FOREIGN KEY ("referral_program_id") REFERENCES "public"."referral_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_user_id_users_id_fk" FOREIGN KEY ("referrer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_friend_user_id_users_id_fk" FOREIGN KEY ("friend_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_commission_entry_id_journal_entries_id_fk" FOREIGN KEY ("commission_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_codes_merchant_code_unique" ON "referral_codes" USING btree ("merchant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_programs_program_unique" ON "referral_programs" USING btree ("program_id");--> statement-breakpoint
CREATE INDEX "referral_programs_merchant_idx" ON "referral_programs" USING btree ("merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_referrer_identifier_unique" ON "referrals" USING btree ("referral_program_id","referrer_user_id","friend_identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_friend_unique" ON "referrals" USING btree ("referral_program_id","friend_user_id") WHERE "referrals"."friend_user_id" is not null and "referrals"."state" <> 'unavailable';--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referral_program_id","referrer_user_id","invited_at");--> statement-breakpoint
CREATE INDEX "referrals_identifier_idx" ON "referrals" USING btree ("merchant_id","friend_identifier");--> statement-breakpoint
CREATE INDEX "referrals_open_idx" ON "referrals" USING btree ("state") WHERE "referrals"."state" in ('pending', 'registered') or "referrals"."commission_due_at" is not null;--> statement-breakpoint
CREATE INDEX "integration_purchases_card_idx" ON "integration_purchases" USING btree ("card_id","created_at");--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_kind_check" CHECK ("inbox_messages"."facts"->>'kind' in ('merchant', 'points_earned', 'transfer_received', 'order_status', 'payment_settled', 'reward_granted', 'level_reached', 'points_expiring', 'voucher_expiring', 'referral_reward'));