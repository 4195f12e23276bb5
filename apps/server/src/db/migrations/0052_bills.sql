CREATE TABLE "bill_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"card_id" char(24) NOT NULL,
	"sku" text NOT NULL,
	"category" text NOT NULL,
	"customer_no" text NOT NULL,
	"customer_name" text,
	"period" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"amount" bigint NOT NULL,
	"admin_fee" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bill_checks_category_check" CHECK ("bill_checks"."category" in ('mobile_credit', 'mobile_data', 'electricity_token', 'electricity_postpaid', 'health_insurance', 'water', 'ewallet')),
	CONSTRAINT "bill_checks_amount_check" CHECK ("bill_checks"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "bill_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"user_id" uuid,
	"card_id" char(24) NOT NULL,
	"check_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"category" text NOT NULL,
	"customer_no" text NOT NULL,
	"amount" bigint NOT NULL,
	"source" text NOT NULL,
	"spent" bigint NOT NULL,
	"spend_entry_id" uuid NOT NULL,
	"refund_entry_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_code" text,
	"serial_number" text,
	"message" text,
	"day" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "bill_payments_check_id_unique" UNIQUE("check_id"),
	CONSTRAINT "bill_payments_category_check" CHECK ("bill_payments"."category" in ('mobile_credit', 'mobile_data', 'electricity_token', 'electricity_postpaid', 'health_insurance', 'water', 'ewallet')),
	CONSTRAINT "bill_payments_source_check" CHECK ("bill_payments"."source" in ('points', 'balance')),
	CONSTRAINT "bill_payments_status_check" CHECK ("bill_payments"."status" in ('pending', 'success', 'failed')),
	CONSTRAINT "bill_payments_settled_check" CHECK (("bill_payments"."status" = 'pending') = ("bill_payments"."settled_at" is null)),
	CONSTRAINT "bill_payments_refund_check" CHECK ("bill_payments"."refund_entry_id" is null or "bill_payments"."status" = 'failed')
);
--> statement-breakpoint
ALTER TABLE "bill_checks" ADD CONSTRAINT "bill_checks_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_checks" ADD CONSTRAINT "bill_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_checks" ADD CONSTRAINT "bill_checks_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_check_id_bill_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."bill_checks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_spend_entry_id_journal_entries_id_fk" FOREIGN KEY ("spend_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_refund_entry_id_journal_entries_id_fk" FOREIGN KEY ("refund_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_payments_card_idx" ON "bill_payments" USING btree ("card_id","created_at");--> statement-breakpoint
CREATE INDEX "bill_payments_pending_idx" ON "bill_payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_payments_daily_topup_unique" ON "bill_payments" USING btree ("merchant_id","customer_no","amount","day") WHERE "bill_payments"."category" in ('mobile_credit', 'mobile_data', 'ewallet') and "bill_payments"."status" <> 'failed';