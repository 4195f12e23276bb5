CREATE TABLE "store_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"outlet_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"card_id" char(24) NOT NULL,
	"visit_day" date NOT NULL,
	"visited_at" timestamp with time zone NOT NULL,
	CONSTRAINT "store_visits_daily_key" UNIQUE("user_id","outlet_id","visit_day")
);
--> statement-breakpoint
CREATE TABLE "privilege_claims" (
	"privilege_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"card_id" char(24) NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "privilege_claims_pk" PRIMARY KEY("privilege_id","user_id"),
	CONSTRAINT "privilege_claims_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "privileges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"program_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"terms" text,
	"min_level_rank" smallint,
	"subscribers_only" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"voucher_template_id" uuid,
	"voucher_quantity" smallint,
	"reward_points" bigint,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "privileges_kind_check" CHECK ("privileges"."kind" in ('voucher', 'survey')),
	CONSTRAINT "privileges_title_check" CHECK (length("privileges"."title") between 1 and 120),
	CONSTRAINT "privileges_window_check" CHECK ("privileges"."ends_at" is null or "privileges"."ends_at" > "privileges"."starts_at"),
	CONSTRAINT "privileges_offer_check" CHECK (("privileges"."kind" = 'voucher' and "privileges"."voucher_template_id" is not null and "privileges"."voucher_quantity" between 1 and 10 and "privileges"."reward_points" is null)
        or ("privileges"."kind" = 'survey' and "privileges"."voucher_template_id" is null and "privileges"."voucher_quantity" is null and ("privileges"."reward_points" is null or "privileges"."reward_points" > 0)))
);
--> statement-breakpoint
CREATE TABLE "survey_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"privilege_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"card_id" char(24) NOT NULL,
	"answers" jsonb NOT NULL,
	"state" text NOT NULL,
	"note" text,
	"entry_id" uuid,
	"submitted_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "survey_answers_state_check" CHECK ("survey_answers"."state" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "auth_attempts" DROP CONSTRAINT "auth_attempts_scope_check";--> statement-breakpoint
ALTER TABLE "vouchers" DROP CONSTRAINT "vouchers_source_check";--> statement-breakpoint
ALTER TABLE "inbox_messages" DROP CONSTRAINT "inbox_messages_kind_check";--> statement-breakpoint
ALTER TABLE "mission_tasks" DROP CONSTRAINT "mission_tasks_kind_check";--> statement-breakpoint
ALTER TABLE "store_visits" ADD CONSTRAINT "store_visits_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_visits" ADD CONSTRAINT "store_visits_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_visits" ADD CONSTRAINT "store_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_visits" ADD CONSTRAINT "store_visits_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privilege_claims" ADD CONSTRAINT "privilege_claims_privilege_id_privileges_id_fk" FOREIGN KEY ("privilege_id") REFERENCES "public"."privileges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privilege_claims" ADD CONSTRAINT "privilege_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privilege_claims" ADD CONSTRAINT "privilege_claims_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privileges" ADD CONSTRAINT "privileges_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privileges" ADD CONSTRAINT "privileges_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privileges" ADD CONSTRAINT "privileges_voucher_template_id_voucher_templates_id_fk" FOREIGN KEY ("voucher_template_id") REFERENCES "public"."voucher_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_privilege_id_privileges_id_fk" FOREIGN KEY ("privilege_id") REFERENCES "public"."privileges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_visits_member_idx" ON "store_visits" USING btree ("merchant_id","user_id","visited_at");--> statement-breakpoint
CREATE INDEX "privileges_program_idx" ON "privileges" USING btree ("program_id","starts_at");--> statement-breakpoint
CREATE INDEX "survey_answers_member_idx" ON "survey_answers" USING btree ("privilege_id","user_id","submitted_at");--> statement-breakpoint
CREATE INDEX "survey_answers_pending_idx" ON "survey_answers" USING btree ("merchant_id","submitted_at") WHERE "survey_answers"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "survey_answers_open_unique" ON "survey_answers" USING btree ("privilege_id","user_id") WHERE "survey_answers"."state" in ('pending', 'approved');--> statement-breakpoint
ALTER TABLE "auth_attempts" ADD CONSTRAINT "auth_attempts_scope_check" CHECK ("auth_attempts"."scope" in ('otp-request', 'otp-verify', 'pin', 'add-card', 'voucher-redemption', 'gift-claim', 'gift-card-charge', 'recipient-lookup', 'store-visit'));--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_source_check" CHECK ("vouchers"."source_type" in ('order', 'reward', 'subscription', 'mission', 'grant', 'perk'));--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_kind_check" CHECK ("inbox_messages"."facts"->>'kind' in ('merchant', 'points_earned', 'transfer_received', 'order_status', 'payment_settled', 'reward_granted', 'level_reached', 'points_expiring', 'voucher_expiring', 'referral_reward', 'target_reached', 'mission_completed', 'perk_reviewed'));--> statement-breakpoint
ALTER TABLE "mission_tasks" ADD CONSTRAINT "mission_tasks_kind_check" CHECK ("mission_tasks"."kind" in ('earn', 'spend', 'buy_product', 'refer', 'add_card', 'answer_survey', 'visit_store'));