CREATE TABLE "target_achievements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"program_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"cycle_days" integer,
	"target" bigint NOT NULL,
	"reward" bigint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "target_achievements_kind_check" CHECK ("target_achievements"."kind" in ('spend', 'collect')),
	CONSTRAINT "target_achievements_period_check" CHECK ("target_achievements"."period" in ('yearly', 'cycle', 'period')),
	CONSTRAINT "target_achievements_cycle_check" CHECK (("target_achievements"."period" = 'cycle') = ("target_achievements"."cycle_days" is not null) and ("target_achievements"."cycle_days" is null or "target_achievements"."cycle_days" between 1 and 366)),
	CONSTRAINT "target_achievements_period_end_check" CHECK ("target_achievements"."period" <> 'period' or "target_achievements"."ends_at" is not null),
	CONSTRAINT "target_achievements_amounts_check" CHECK ("target_achievements"."target" > 0 and "target_achievements"."reward" > 0),
	CONSTRAINT "target_achievements_window_check" CHECK ("target_achievements"."ends_at" is null or "target_achievements"."ends_at" > "target_achievements"."starts_at"),
	CONSTRAINT "target_achievements_name_check" CHECK (length("target_achievements"."name") between 1 and 120)
);
--> statement-breakpoint
CREATE TABLE "target_rewards" (
	"target_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"window_starts_at" timestamp with time zone NOT NULL,
	"card_id" char(24) NOT NULL,
	"entry_id" uuid NOT NULL,
	"achieved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "target_rewards_pk" PRIMARY KEY("target_id","user_id","window_starts_at")
);
--> statement-breakpoint
ALTER TABLE "inbox_messages" DROP CONSTRAINT "inbox_messages_kind_check";--> statement-breakpoint
ALTER TABLE "target_achievements" ADD CONSTRAINT "target_achievements_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_achievements" ADD CONSTRAINT "target_achievements_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_rewards" ADD CONSTRAINT "target_rewards_target_id_target_achievements_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."target_achievements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_rewards" ADD CONSTRAINT "target_rewards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_rewards" ADD CONSTRAINT "target_rewards_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_rewards" ADD CONSTRAINT "target_rewards_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "target_achievements_program_idx" ON "target_achievements" USING btree ("program_id","starts_at");--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_kind_check" CHECK ("inbox_messages"."facts"->>'kind' in ('merchant', 'points_earned', 'transfer_received', 'order_status', 'payment_settled', 'reward_granted', 'level_reached', 'points_expiring', 'voucher_expiring', 'referral_reward', 'target_reached'));