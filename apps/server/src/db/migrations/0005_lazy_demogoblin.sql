CREATE TABLE "card_rewards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"card_id" char(24) NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'claimable' NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "card_rewards_kind_check" CHECK ("card_rewards"."kind" in ('welcome', 'birthday', 'level-up')),
	CONSTRAINT "card_rewards_status_check" CHECK ("card_rewards"."status" in ('claimable', 'claimed')),
	CONSTRAINT "card_rewards_amount_check" CHECK ("card_rewards"."amount" > 0),
	CONSTRAINT "card_rewards_claimed_check" CHECK (("card_rewards"."status" = 'claimed') = ("card_rewards"."claimed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "program_rewards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"program_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "program_rewards_program_kind_unique" UNIQUE("program_id","kind"),
	CONSTRAINT "program_rewards_kind_check" CHECK ("program_rewards"."kind" in ('welcome', 'birthday', 'level-up')),
	CONSTRAINT "program_rewards_amount_check" CHECK ("program_rewards"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "card_rewards" ADD CONSTRAINT "card_rewards_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_rewards" ADD CONSTRAINT "card_rewards_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_rewards" ADD CONSTRAINT "program_rewards_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_rewards" ADD CONSTRAINT "program_rewards_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_rewards_card_id_idx" ON "card_rewards" USING btree ("card_id","granted_at");