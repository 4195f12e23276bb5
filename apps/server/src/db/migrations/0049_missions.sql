CREATE TABLE "mission_completions" (
	"mission_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"card_id" char(24) NOT NULL,
	"entry_id" uuid,
	"completed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mission_completions_pk" PRIMARY KEY("mission_id","user_id"),
	CONSTRAINT "mission_completions_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "mission_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mission_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"target" bigint NOT NULL,
	"product_id" uuid,
	CONSTRAINT "mission_tasks_kind_check" CHECK ("mission_tasks"."kind" in ('earn', 'spend', 'buy_product', 'refer', 'add_card')),
	CONSTRAINT "mission_tasks_target_check" CHECK ("mission_tasks"."target" > 0),
	CONSTRAINT "mission_tasks_product_check" CHECK (("mission_tasks"."kind" = 'buy_product') = ("mission_tasks"."product_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "missions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"program_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reward_points" bigint,
	"reward_template_id" uuid,
	"reward_quantity" smallint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "missions_window_check" CHECK ("missions"."ends_at" > "missions"."starts_at"),
	CONSTRAINT "missions_name_check" CHECK (length("missions"."name") between 1 and 120),
	CONSTRAINT "missions_reward_check" CHECK (("missions"."reward_points" is not null and "missions"."reward_points" > 0 and "missions"."reward_template_id" is null and "missions"."reward_quantity" is null)
        or ("missions"."reward_points" is null and "missions"."reward_template_id" is not null and "missions"."reward_quantity" between 1 and 10))
);
--> statement-breakpoint
ALTER TABLE "inbox_messages" DROP CONSTRAINT "inbox_messages_kind_check";--> statement-breakpoint
ALTER TABLE "mission_completions" ADD CONSTRAINT "mission_completions_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_completions" ADD CONSTRAINT "mission_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_completions" ADD CONSTRAINT "mission_completions_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_completions" ADD CONSTRAINT "mission_completions_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_tasks" ADD CONSTRAINT "mission_tasks_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_tasks" ADD CONSTRAINT "mission_tasks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_reward_template_id_voucher_templates_id_fk" FOREIGN KEY ("reward_template_id") REFERENCES "public"."voucher_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mission_tasks_mission_idx" ON "mission_tasks" USING btree ("mission_id","position");--> statement-breakpoint
CREATE INDEX "missions_program_idx" ON "missions" USING btree ("program_id","ends_at");--> statement-breakpoint
CREATE INDEX "missions_running_idx" ON "missions" USING btree ("ends_at","starts_at");--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_kind_check" CHECK ("inbox_messages"."facts"->>'kind' in ('merchant', 'points_earned', 'transfer_received', 'order_status', 'payment_settled', 'reward_granted', 'level_reached', 'points_expiring', 'voucher_expiring', 'referral_reward', 'target_reached', 'mission_completed'));