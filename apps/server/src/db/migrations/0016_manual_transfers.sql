CREATE TABLE "merchant_bank_accounts" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"bank" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_bank_accounts_bank_check" CHECK (length("merchant_bank_accounts"."bank") between 1 and 40),
	CONSTRAINT "merchant_bank_accounts_account_number_check" CHECK ("merchant_bank_accounts"."account_number" ~ '^[0-9]{5,30}$'),
	CONSTRAINT "merchant_bank_accounts_account_name_check" CHECK (length("merchant_bank_accounts"."account_name") between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "payment_proofs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"intent_id" uuid NOT NULL,
	"merchant_id" integer NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"note" text,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"byte_length" integer NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "payment_proofs_status_check" CHECK ("payment_proofs"."status" in ('submitted', 'accepted', 'rejected')),
	CONSTRAINT "payment_proofs_byte_length_check" CHECK ("payment_proofs"."byte_length" = octet_length("payment_proofs"."bytes")),
	CONSTRAINT "payment_proofs_reviewed_check" CHECK (("payment_proofs"."status" = 'submitted') = ("payment_proofs"."reviewed_at" is null))
);
--> statement-breakpoint
ALTER TABLE "merchant_payment_settings" DROP CONSTRAINT "merchant_payment_settings_provider_check";--> statement-breakpoint
ALTER TABLE "payment_events" DROP CONSTRAINT "payment_events_provider_check";--> statement-breakpoint
ALTER TABLE "payment_intents" DROP CONSTRAINT "payment_intents_provider_check";--> statement-breakpoint
ALTER TABLE "merchant_bank_accounts" ADD CONSTRAINT "merchant_bank_accounts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_intent_id_payment_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_proofs_intent_idx" ON "payment_proofs" USING btree ("intent_id","uploaded_at");--> statement-breakpoint
ALTER TABLE "merchant_payment_settings" ADD CONSTRAINT "merchant_payment_settings_provider_check" CHECK ("merchant_payment_settings"."provider" in ('sandbox', 'xendit', 'midtrans', 'manual'));--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_provider_check" CHECK ("payment_events"."provider" in ('sandbox', 'xendit', 'midtrans', 'manual'));--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_provider_check" CHECK ("payment_intents"."provider" in ('sandbox', 'xendit', 'midtrans', 'manual'));