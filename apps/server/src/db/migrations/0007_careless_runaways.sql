ALTER TABLE "card_rewards" ADD COLUMN "grant_key" text;--> statement-breakpoint
ALTER TABLE "card_rewards" ADD CONSTRAINT "card_rewards_card_grant_key_unique" UNIQUE("card_id","grant_key");