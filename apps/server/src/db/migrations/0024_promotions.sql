CREATE TABLE "promotions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"program_id" uuid NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" bigint NOT NULL,
	"minimum_points" bigint,
	"minimum_minor" bigint,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_program_code_key" UNIQUE("program_id","code"),
	CONSTRAINT "promotions_kind_check" CHECK ("promotions"."kind" in ('percent', 'points', 'money')),
	CONSTRAINT "promotions_code_check" CHECK ("promotions"."code" ~ '^[A-Z0-9-]{3,40}$'),
	CONSTRAINT "promotions_value_check" CHECK ("promotions"."value" > 0 and ("promotions"."kind" <> 'percent' or "promotions"."value" <= 10000))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_points_paid_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_points" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_check" CHECK ("orders"."discount_points" between 0 and "orders"."subtotal_points" and "orders"."discount_minor" between 0 and "orders"."subtotal_minor");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_points_paid_check" CHECK ("orders"."points_paid" <= "orders"."subtotal_points" - "orders"."discount_points");
--> statement-breakpoint
-- The discount is part of what an order costs: it never changes either.
CREATE OR REPLACE FUNCTION orders_check_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status NOT IN ('waiting_payment', 'new') THEN
      RAISE EXCEPTION 'an order starts waiting_payment or new, not %', NEW.status USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
  END IF;
  IF (NEW.merchant_id, NEW.program_id, NEW.card_id, NEW.user_id, NEW.number, NEW.subtotal_points, NEW.subtotal_minor, NEW.promo_code, NEW.discount_points, NEW.discount_minor, NEW.fees, NEW.points_paid, NEW.money_due_minor, NEW.currency, NEW.delivery_method, NEW.destination, NEW.distributor_id)
     IS DISTINCT FROM (OLD.merchant_id, OLD.program_id, OLD.card_id, OLD.user_id, OLD.number, OLD.subtotal_points, OLD.subtotal_minor, OLD.promo_code, OLD.discount_points, OLD.discount_minor, OLD.fees, OLD.points_paid, OLD.money_due_minor, OLD.currency, OLD.delivery_method, OLD.destination, OLD.distributor_id) THEN
    RAISE EXCEPTION 'order %: what was bought, by whom, for how much and to where never changes', OLD.id USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.status = OLD.status
     OR (OLD.status = 'waiting_payment' AND NEW.status IN ('new', 'failed', 'cancelled'))
     OR (OLD.status = 'new' AND NEW.status IN ('on_process', 'order_ready', 'on_courier', 'cancelled'))
     OR (OLD.status = 'on_process' AND NEW.status IN ('order_ready', 'on_courier', 'cancelled'))
     OR (OLD.status = 'order_ready' AND NEW.status IN ('on_courier', 'completed', 'cancelled'))
     OR (OLD.status = 'on_courier' AND NEW.status IN ('completed', 'returned'))
     OR (OLD.status = 'completed' AND NEW.status IN ('returned')) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'order % cannot go from % to %', OLD.id, OLD.status, NEW.status USING ERRCODE = 'check_violation';
END;
$$;
