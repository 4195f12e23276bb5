CREATE TABLE "subscription_plan_vouchers" (
	"plan_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "subscription_plan_vouchers_plan_id_template_id_pk" PRIMARY KEY("plan_id","template_id"),
	CONSTRAINT "subscription_plan_vouchers_quantity_check" CHECK ("subscription_plan_vouchers"."quantity" between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "gift_card_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"card_id" char(24) NOT NULL,
	"user_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"outlet_id" uuid NOT NULL,
	"cashier_id" uuid,
	"channel" text NOT NULL,
	"reference" text,
	"request_key" text,
	"charged_at" timestamp with time zone NOT NULL,
	"charged_on" text NOT NULL,
	"voided_at" timestamp with time zone,
	"void_entry_id" uuid,
	CONSTRAINT "gift_card_charges_entry_key" UNIQUE("entry_id"),
	CONSTRAINT "gift_card_charges_request_key" UNIQUE("card_id","request_key"),
	CONSTRAINT "gift_card_charges_amount_check" CHECK ("gift_card_charges"."amount" > 0),
	CONSTRAINT "gift_card_charges_channel_check" CHECK ("gift_card_charges"."channel" in ('counter', 'till')),
	CONSTRAINT "gift_card_charges_void_check" CHECK (("gift_card_charges"."voided_at" is null) = ("gift_card_charges"."void_entry_id" is null))
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"card_id" char(24) PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"voucher_id" uuid NOT NULL,
	"face_value" bigint NOT NULL,
	"pay_code" text NOT NULL,
	"activated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gift_cards_voucher_key" UNIQUE("voucher_id"),
	CONSTRAINT "gift_cards_merchant_pay_code_key" UNIQUE("merchant_id","pay_code"),
	CONSTRAINT "gift_cards_face_value_check" CHECK ("gift_cards"."face_value" > 0)
);
--> statement-breakpoint
ALTER TABLE "auth_attempts" DROP CONSTRAINT "auth_attempts_scope_check";--> statement-breakpoint
ALTER TABLE "programs" DROP CONSTRAINT "programs_type_check";--> statement-breakpoint
ALTER TABLE "card_rewards" DROP CONSTRAINT "card_rewards_amount_check";--> statement-breakpoint
ALTER TABLE "program_rewards" DROP CONSTRAINT "program_rewards_amount_check";--> statement-breakpoint
ALTER TABLE "vouchers" DROP CONSTRAINT "vouchers_code_check";--> statement-breakpoint
ALTER TABLE "card_rewards" ADD COLUMN "voucher_template_id" uuid;--> statement-breakpoint
ALTER TABLE "program_rewards" ADD COLUMN "voucher_template_id" uuid;--> statement-breakpoint
ALTER TABLE "voucher_templates" ADD COLUMN "gift_card_program_id" uuid;--> statement-breakpoint
ALTER TABLE "voucher_templates" ADD COLUMN "gift_card_value" bigint;--> statement-breakpoint
ALTER TABLE "voucher_templates" ADD COLUMN "code_storage" text DEFAULT 'plain' NOT NULL;--> statement-breakpoint
ALTER TABLE "voucher_templates" ADD COLUMN "issuer" text DEFAULT 'kartu' NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "code_hash" text;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "code_sealed" text;--> statement-breakpoint
ALTER TABLE "subscription_plan_vouchers" ADD CONSTRAINT "subscription_plan_vouchers_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_plan_vouchers" ADD CONSTRAINT "subscription_plan_vouchers_template_id_voucher_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."voucher_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_charges" ADD CONSTRAINT "gift_card_charges_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_charges" ADD CONSTRAINT "gift_card_charges_card_id_gift_cards_card_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."gift_cards"("card_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_charges" ADD CONSTRAINT "gift_card_charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_charges" ADD CONSTRAINT "gift_card_charges_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_charges" ADD CONSTRAINT "gift_card_charges_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_charges" ADD CONSTRAINT "gift_card_charges_cashier_id_cashiers_id_fk" FOREIGN KEY ("cashier_id") REFERENCES "public"."cashiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_charges" ADD CONSTRAINT "gift_card_charges_void_entry_id_journal_entries_id_fk" FOREIGN KEY ("void_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_card_charges_card_idx" ON "gift_card_charges" USING btree ("card_id","charged_at");--> statement-breakpoint
ALTER TABLE "card_rewards" ADD CONSTRAINT "card_rewards_voucher_template_id_voucher_templates_id_fk" FOREIGN KEY ("voucher_template_id") REFERENCES "public"."voucher_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_rewards" ADD CONSTRAINT "program_rewards_voucher_template_id_voucher_templates_id_fk" FOREIGN KEY ("voucher_template_id") REFERENCES "public"."voucher_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_templates" ADD CONSTRAINT "voucher_templates_gift_card_program_id_programs_id_fk" FOREIGN KEY ("gift_card_program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vouchers_pending_idx" ON "vouchers" USING btree ("issued_at") WHERE "vouchers"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_merchant_code_hash_key" UNIQUE("merchant_id","code_hash");--> statement-breakpoint
ALTER TABLE "auth_attempts" ADD CONSTRAINT "auth_attempts_scope_check" CHECK ("auth_attempts"."scope" in ('otp-request', 'otp-verify', 'pin', 'voucher-redemption', 'gift-claim', 'gift-card-charge'));--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_egift_check" CHECK ("programs"."type" <> 'egift' or ("programs"."unit" = 'CASH' and "programs"."earn_rate_numerator" = 0));--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_type_check" CHECK ("programs"."type" in ('points', 'stamps', 'cash', 'subscription', 'egift'));--> statement-breakpoint
ALTER TABLE "card_rewards" ADD CONSTRAINT "card_rewards_amount_check" CHECK ("card_rewards"."amount" > 0 or ("card_rewards"."amount" = 0 and "card_rewards"."voucher_template_id" is not null));--> statement-breakpoint
ALTER TABLE "program_rewards" ADD CONSTRAINT "program_rewards_amount_check" CHECK ("program_rewards"."amount" > 0 or ("program_rewards"."amount" = 0 and "program_rewards"."voucher_template_id" is not null));--> statement-breakpoint
ALTER TABLE "voucher_templates" ADD CONSTRAINT "voucher_templates_gift_card_check" CHECK (("voucher_templates"."gift_card_program_id" is null) = ("voucher_templates"."gift_card_value" is null) and ("voucher_templates"."gift_card_value" is null or "voucher_templates"."gift_card_value" > 0));--> statement-breakpoint
ALTER TABLE "voucher_templates" ADD CONSTRAINT "voucher_templates_code_storage_check" CHECK ("voucher_templates"."code_storage" in ('plain', 'hashed'));--> statement-breakpoint
ALTER TABLE "voucher_templates" ADD CONSTRAINT "voucher_templates_issuer_check" CHECK ("voucher_templates"."issuer" in ('kartu', 'partner'));--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_code_check" CHECK (("vouchers"."status" <> 'pending' or ("vouchers"."code" is null and "vouchers"."code_hash" is null)) and ("vouchers"."status" not in ('active', 'used') or num_nonnulls("vouchers"."code", "vouchers"."code_hash") = 1) and ("vouchers"."code_sealed" is null or "vouchers"."code_hash" is not null));