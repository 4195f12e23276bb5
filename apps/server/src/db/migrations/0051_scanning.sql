CREATE TABLE "earn_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"program_id" uuid NOT NULL,
	"bill_number" text NOT NULL,
	"amount" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"claimed_by" uuid,
	"card_id" char(24),
	"earned" bigint,
	CONSTRAINT "earn_codes_bill_unique" UNIQUE("merchant_id","bill_number"),
	CONSTRAINT "earn_codes_amount_check" CHECK ("earn_codes"."amount" >= 0),
	CONSTRAINT "earn_codes_window_check" CHECK ("earn_codes"."expires_at" > "earn_codes"."created_at"),
	CONSTRAINT "earn_codes_claim_check" CHECK (("earn_codes"."claimed_at" is null) = ("earn_codes"."card_id" is null and "earn_codes"."earned" is null))
);
--> statement-breakpoint
CREATE TABLE "unique_code_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"program_id" uuid NOT NULL,
	"name" text NOT NULL,
	"points" bigint NOT NULL,
	"count" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reward_delay_hours" smallint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "unique_code_batches_status_check" CHECK ("unique_code_batches"."status" in ('active', 'suspended')),
	CONSTRAINT "unique_code_batches_window_check" CHECK ("unique_code_batches"."ends_at" > "unique_code_batches"."starts_at"),
	CONSTRAINT "unique_code_batches_points_check" CHECK ("unique_code_batches"."points" > 0),
	CONSTRAINT "unique_code_batches_delay_check" CHECK ("unique_code_batches"."reward_delay_hours" between 0 and 24)
);
--> statement-breakpoint
CREATE TABLE "unique_codes" (
	"merchant_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"claimed_at" timestamp with time zone,
	"user_id" uuid,
	"card_id" char(24),
	"reward_at" timestamp with time zone,
	"entry_id" uuid,
	CONSTRAINT "unique_codes_merchant_id_code_hash_pk" PRIMARY KEY("merchant_id","code_hash"),
	CONSTRAINT "unique_codes_id_unique" UNIQUE("id"),
	CONSTRAINT "unique_codes_claim_check" CHECK (("unique_codes"."claimed_at" is null) = ("unique_codes"."card_id" is null and "unique_codes"."reward_at" is null))
);
--> statement-breakpoint
CREATE TABLE "receipt_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"program_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "receipt_campaigns_code_unique" UNIQUE("merchant_id","code"),
	CONSTRAINT "receipt_campaigns_code_check" CHECK ("receipt_campaigns"."code" ~ '^[A-Z0-9-]{3,32}$'),
	CONSTRAINT "receipt_campaigns_window_check" CHECK ("receipt_campaigns"."ends_at" > "receipt_campaigns"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"user_id" uuid,
	"card_id" char(24) NOT NULL,
	"program_id" uuid NOT NULL,
	"campaign_id" uuid,
	"status" text DEFAULT 'submitted' NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"byte_length" integer NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"amount" bigint,
	"bill_number" text,
	"earned" bigint,
	"entry_id" uuid,
	"note" text,
	CONSTRAINT "receipts_status_check" CHECK ("receipts"."status" in ('submitted', 'approved', 'rejected')),
	CONSTRAINT "receipts_byte_length_check" CHECK ("receipts"."byte_length" = octet_length("receipts"."bytes")),
	CONSTRAINT "receipts_reviewed_check" CHECK (("receipts"."status" = 'submitted') = ("receipts"."reviewed_at" is null)),
	CONSTRAINT "receipts_approved_check" CHECK (("receipts"."status" = 'approved') = ("receipts"."amount" is not null and "receipts"."earned" is not null))
);
--> statement-breakpoint
CREATE TABLE "qris_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"user_id" uuid,
	"card_id" char(24) NOT NULL,
	"payload" text NOT NULL,
	"merchant_name" text NOT NULL,
	"merchant_city" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"intent_id" uuid,
	"entry_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "qris_payments_source_check" CHECK ("qris_payments"."source" in ('wallet', 'balance')),
	CONSTRAINT "qris_payments_status_check" CHECK ("qris_payments"."status" in ('pending', 'paid', 'expired', 'failed')),
	CONSTRAINT "qris_payments_amount_check" CHECK ("qris_payments"."amount" > 0),
	CONSTRAINT "qris_payments_paid_check" CHECK (("qris_payments"."status" = 'paid') = ("qris_payments"."paid_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "qris_wallet_links" (
	"merchant_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"wallet" text NOT NULL,
	"phone" text NOT NULL,
	"linked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "qris_wallet_links_merchant_id_user_id_pk" PRIMARY KEY("merchant_id","user_id"),
	CONSTRAINT "qris_wallet_links_wallet_check" CHECK ("qris_wallet_links"."wallet" in ('gopay', 'ovo', 'dana', 'shopeepay', 'linkaja'))
);
--> statement-breakpoint
ALTER TABLE "auth_attempts" DROP CONSTRAINT "auth_attempts_scope_check";--> statement-breakpoint
ALTER TABLE "inbox_messages" DROP CONSTRAINT "inbox_messages_kind_check";--> statement-breakpoint
ALTER TABLE "earn_codes" ADD CONSTRAINT "earn_codes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earn_codes" ADD CONSTRAINT "earn_codes_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earn_codes" ADD CONSTRAINT "earn_codes_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earn_codes" ADD CONSTRAINT "earn_codes_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unique_code_batches" ADD CONSTRAINT "unique_code_batches_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unique_code_batches" ADD CONSTRAINT "unique_code_batches_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unique_codes" ADD CONSTRAINT "unique_codes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unique_codes" ADD CONSTRAINT "unique_codes_batch_id_unique_code_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."unique_code_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unique_codes" ADD CONSTRAINT "unique_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unique_codes" ADD CONSTRAINT "unique_codes_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unique_codes" ADD CONSTRAINT "unique_codes_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_campaigns" ADD CONSTRAINT "receipt_campaigns_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_campaigns" ADD CONSTRAINT "receipt_campaigns_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_campaign_id_receipt_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."receipt_campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qris_payments" ADD CONSTRAINT "qris_payments_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qris_payments" ADD CONSTRAINT "qris_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qris_payments" ADD CONSTRAINT "qris_payments_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qris_payments" ADD CONSTRAINT "qris_payments_intent_id_payment_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qris_payments" ADD CONSTRAINT "qris_payments_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qris_wallet_links" ADD CONSTRAINT "qris_wallet_links_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qris_wallet_links" ADD CONSTRAINT "qris_wallet_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "earn_codes_merchant_idx" ON "earn_codes" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "unique_code_batches_merchant_idx" ON "unique_code_batches" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "unique_codes_batch_idx" ON "unique_codes" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "unique_codes_user_idx" ON "unique_codes" USING btree ("user_id","claimed_at");--> statement-breakpoint
CREATE INDEX "receipts_queue_idx" ON "receipts" USING btree ("merchant_id","status","submitted_at");--> statement-breakpoint
CREATE INDEX "receipts_card_idx" ON "receipts" USING btree ("card_id","submitted_at");--> statement-breakpoint
CREATE INDEX "receipts_user_idx" ON "receipts" USING btree ("user_id","submitted_at");--> statement-breakpoint
CREATE INDEX "qris_payments_card_idx" ON "qris_payments" USING btree ("card_id","created_at");--> statement-breakpoint
ALTER TABLE "auth_attempts" ADD CONSTRAINT "auth_attempts_scope_check" CHECK ("auth_attempts"."scope" in ('otp-request', 'otp-verify', 'pin', 'add-card', 'voucher-redemption', 'gift-claim', 'gift-card-charge', 'recipient-lookup', 'store-visit', 'qr-scan', 'unique-code'));--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_kind_check" CHECK ("inbox_messages"."facts"->>'kind' in ('merchant', 'points_earned', 'transfer_received', 'order_status', 'payment_settled', 'reward_granted', 'level_reached', 'points_expiring', 'voucher_expiring', 'referral_reward', 'target_reached', 'mission_completed', 'perk_reviewed', 'receipt_reviewed'));