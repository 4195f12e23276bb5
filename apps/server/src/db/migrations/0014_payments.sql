CREATE TABLE "payment_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"intent_id" uuid NOT NULL,
	"merchant_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_event_id" text NOT NULL,
	"kind" text NOT NULL,
	"outcome" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_events_provider_event_unique" UNIQUE("provider","provider_event_id"),
	CONSTRAINT "payment_events_provider_check" CHECK ("payment_events"."provider" in ('sandbox', 'xendit', 'midtrans')),
	CONSTRAINT "payment_events_outcome_check" CHECK ("payment_events"."outcome" in ('applied', 'ignored', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "payment_intents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"provider_reference" text,
	"instructions" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_intents_provider_reference_unique" UNIQUE("provider","provider_reference"),
	CONSTRAINT "payment_intents_subject_type_check" CHECK ("payment_intents"."subject_type" in ('subscription', 'order', 'qris', 'bill')),
	CONSTRAINT "payment_intents_method_check" CHECK ("payment_intents"."method" in ('virtual_account', 'qris', 'ewallet', 'credit_card', 'manual_transfer', 'cash_on_delivery')),
	CONSTRAINT "payment_intents_provider_check" CHECK ("payment_intents"."provider" in ('sandbox', 'xendit', 'midtrans')),
	CONSTRAINT "payment_intents_status_check" CHECK ("payment_intents"."status" in ('pending', 'waiting_payment', 'paid', 'failed', 'expired', 'cancelled')),
	CONSTRAINT "payment_intents_amount_check" CHECK ("payment_intents"."amount_minor" > 0),
	CONSTRAINT "payment_intents_currency_check" CHECK ("payment_intents"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_intent_id_payment_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_events_intent_idx" ON "payment_events" USING btree ("intent_id","received_at");--> statement-breakpoint
CREATE INDEX "payment_intents_user_idx" ON "payment_intents" USING btree ("merchant_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_intents_subject_idx" ON "payment_intents" USING btree ("merchant_id","subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "payment_intents_open_idx" ON "payment_intents" USING btree ("expires_at") WHERE "payment_intents"."status" in ('pending', 'waiting_payment');--> statement-breakpoint
-- A payment intent starts pending and moves only as decision 017 allows; a final status never
-- changes, and neither do what is paid, by whom and for what.
CREATE FUNCTION payment_intents_check_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status <> 'pending' THEN
      RAISE EXCEPTION 'a payment intent starts pending, not %', NEW.status USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
  END IF;
  IF (NEW.merchant_id, NEW.user_id, NEW.subject_type, NEW.subject_id, NEW.amount_minor, NEW.currency, NEW.method, NEW.provider)
     IS DISTINCT FROM (OLD.merchant_id, OLD.user_id, OLD.subject_type, OLD.subject_id, OLD.amount_minor, OLD.currency, OLD.method, OLD.provider) THEN
    RAISE EXCEPTION 'payment intent %: what is paid, by whom and for what never changes', OLD.id USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.status IN ('paid', 'failed', 'expired', 'cancelled') THEN
    RAISE EXCEPTION 'payment intent % is % and final', OLD.id, OLD.status USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.status = OLD.status
     OR (OLD.status = 'pending' AND NEW.status IN ('waiting_payment', 'paid', 'failed', 'expired', 'cancelled'))
     OR (OLD.status = 'waiting_payment' AND NEW.status IN ('paid', 'failed', 'expired', 'cancelled')) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'payment intent % cannot go from % to %', OLD.id, OLD.status, NEW.status USING ERRCODE = 'check_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payment_intents_transitions
  BEFORE INSERT OR UPDATE ON payment_intents
  FOR EACH ROW EXECUTE FUNCTION payment_intents_check_change();
--> statement-breakpoint
-- Provider messages are evidence: never changed or removed.
CREATE FUNCTION payment_events_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'payment events are append-only' USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payment_events_append_only
  BEFORE UPDATE OR DELETE ON payment_events
  FOR EACH ROW EXECUTE FUNCTION payment_events_refuse_change();
