CREATE TABLE "integration_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "integration_purchases" (
	"merchant_id" integer NOT NULL,
	"bill_number" text NOT NULL,
	"card_id" char(24) NOT NULL,
	"amount" bigint NOT NULL,
	"earned" bigint NOT NULL,
	"entry_id" uuid,
	"voided_at" timestamp with time zone,
	"void_entry_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "integration_purchases_pk" PRIMARY KEY("merchant_id","bill_number"),
	CONSTRAINT "integration_purchases_amounts_check" CHECK ("integration_purchases"."amount" >= 0 and "integration_purchases"."earned" >= 0)
);
--> statement-breakpoint
ALTER TABLE "integration_api_keys" ADD CONSTRAINT "integration_api_keys_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_purchases" ADD CONSTRAINT "integration_purchases_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_purchases" ADD CONSTRAINT "integration_purchases_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_purchases" ADD CONSTRAINT "integration_purchases_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_purchases" ADD CONSTRAINT "integration_purchases_void_entry_id_journal_entries_id_fk" FOREIGN KEY ("void_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_api_keys_merchant_id_idx" ON "integration_api_keys" USING btree ("merchant_id");