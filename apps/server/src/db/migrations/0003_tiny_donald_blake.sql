CREATE TABLE "program_levels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text,
	"rank" integer NOT NULL,
	"experience" bigint NOT NULL,
	"retention_experience" bigint,
	CONSTRAINT "program_levels_program_rank_unique" UNIQUE("program_id","rank"),
	CONSTRAINT "program_levels_experience_check" CHECK ("program_levels"."experience" >= 0)
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"unit" text NOT NULL,
	"currency_code" text,
	"icon_url" text,
	"earn_rate_numerator" bigint DEFAULT 1 NOT NULL,
	"earn_rate_denominator" bigint DEFAULT 1 NOT NULL,
	"expiry_policy" text DEFAULT 'none' NOT NULL,
	"expiry_days" integer,
	"requires_activation_code" boolean DEFAULT false NOT NULL,
	"registration_form" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"visual_attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"menus" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programs_type_check" CHECK ("programs"."type" in ('points', 'stamps', 'cash', 'subscription')),
	CONSTRAINT "programs_unit_check" CHECK ("programs"."unit" in ('POINT', 'STAMP', 'CASH')),
	CONSTRAINT "programs_expiry_policy_check" CHECK ("programs"."expiry_policy" in ('none', 'rolling-days', 'end-of-year')),
	CONSTRAINT "programs_status_check" CHECK ("programs"."status" in ('active', 'inactive', 'ended')),
	CONSTRAINT "programs_earn_rate_check" CHECK ("programs"."earn_rate_numerator" >= 0 and "programs"."earn_rate_denominator" > 0),
	CONSTRAINT "programs_expiry_days_check" CHECK (("programs"."expiry_policy" = 'rolling-days') = ("programs"."expiry_days" is not null and "programs"."expiry_days" > 0)),
	CONSTRAINT "programs_cash_currency_check" CHECK (("programs"."unit" = 'CASH') = ("programs"."currency_code" is not null))
);
--> statement-breakpoint
CREATE TABLE "card_add_attempts" (
	"merchant_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_add_attempts_pk" PRIMARY KEY("merchant_id","user_id"),
	CONSTRAINT "card_add_attempts_failed_count_check" CHECK ("card_add_attempts"."failed_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"program_id" uuid NOT NULL,
	"number" char(16) NOT NULL,
	"activation_code_hash" text,
	"status" text DEFAULT 'active' NOT NULL,
	"valid_till" date,
	"owner_user_id" uuid,
	"hidden" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"registered_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cards_number_unique" UNIQUE("number"),
	CONSTRAINT "cards_id_check" CHECK ("cards"."id" ~ '^[0-9a-z]{24}$'),
	CONSTRAINT "cards_number_check" CHECK ("cards"."number" ~ '^[0-9]{16}$'),
	CONSTRAINT "cards_status_check" CHECK ("cards"."status" in ('active', 'inactive', 'suspended', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"program_id" uuid NOT NULL,
	"card_id" char(24),
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_owner_unique" UNIQUE NULLS NOT DISTINCT("merchant_id","program_id","kind","card_id"),
	CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('member', 'issuance', 'redemption', 'expiry', 'adjustment', 'fees')),
	CONSTRAINT "ledger_accounts_card_check" CHECK (("ledger_accounts"."kind" = 'member') = ("ledger_accounts"."card_id" is not null)),
	CONSTRAINT "ledger_accounts_member_balance_check" CHECK ("ledger_accounts"."kind" <> 'member' or "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"program_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reference" text,
	"description" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reverses_entry_id" uuid,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_entries_reverses_entry_id_unique" UNIQUE("reverses_entry_id"),
	CONSTRAINT "journal_entries_kind_check" CHECK ("journal_entries"."kind" in ('earn', 'redeem', 'transfer', 'expiry', 'reversal', 'adjustment')),
	CONSTRAINT "journal_entries_reversal_check" CHECK (("journal_entries"."kind" = 'reversal') = ("journal_entries"."reverses_entry_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "postings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "postings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entry_id" uuid NOT NULL,
	"account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "postings_amount_check" CHECK ("postings"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "lot_consumptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lot_consumptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lot_id" bigint NOT NULL,
	"entry_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "lot_consumptions_amount_check" CHECK ("lot_consumptions"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "lots" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"entry_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"remaining" bigint NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lots_amount_check" CHECK ("lots"."amount" > 0 and "lots"."remaining" between 0 and "lots"."amount")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"merchant_id" integer NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text DEFAULT 'in_flight' NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_pk" PRIMARY KEY("merchant_id","scope","key"),
	CONSTRAINT "idempotency_keys_status_check" CHECK ("idempotency_keys"."status" in ('in_flight', 'done')),
	CONSTRAINT "idempotency_keys_done_check" CHECK ("idempotency_keys"."status" = 'in_flight' or "idempotency_keys"."response_status" is not null)
);
--> statement-breakpoint
ALTER TABLE "program_levels" ADD CONSTRAINT "program_levels_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_add_attempts" ADD CONSTRAINT "card_add_attempts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_add_attempts" ADD CONSTRAINT "card_add_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_reverses_entry_id_journal_entries_id_fk" FOREIGN KEY ("reverses_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_consumptions" ADD CONSTRAINT "lot_consumptions_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_consumptions" ADD CONSTRAINT "lot_consumptions_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "programs_merchant_id_idx" ON "programs" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "cards_merchant_owner_idx" ON "cards" USING btree ("merchant_id","owner_user_id");--> statement-breakpoint
CREATE INDEX "cards_program_id_idx" ON "cards" USING btree ("program_id");--> statement-breakpoint
CREATE INDEX "ledger_accounts_card_id_idx" ON "ledger_accounts" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "journal_entries_merchant_occurred_idx" ON "journal_entries" USING btree ("merchant_id","occurred_at");--> statement-breakpoint
CREATE INDEX "postings_entry_id_idx" ON "postings" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "postings_account_id_idx" ON "postings" USING btree ("account_id","entry_id");--> statement-breakpoint
CREATE INDEX "lot_consumptions_entry_id_idx" ON "lot_consumptions" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "lots_spendable_idx" ON "lots" USING btree ("account_id","expires_at","created_at") WHERE "lots"."remaining" > 0;--> statement-breakpoint
CREATE INDEX "lots_entry_id_idx" ON "lots" USING btree ("entry_id");