ALTER TABLE "voucher_redemptions" DROP CONSTRAINT "voucher_redemptions_channel_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "voucher_id" uuid;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "voucher_templates" ADD COLUMN "discount_kind" text;--> statement-breakpoint
ALTER TABLE "voucher_templates" ADD COLUMN "discount_value" bigint;--> statement-breakpoint
ALTER TABLE "voucher_templates" ADD COLUMN "minimum_points" bigint;--> statement-breakpoint
ALTER TABLE "voucher_templates" ADD COLUMN "minimum_minor" bigint;--> statement-breakpoint
CREATE INDEX "voucher_redemptions_order_idx" ON "voucher_redemptions" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_one_discount_check" CHECK ("orders"."promo_code" is null or "orders"."voucher_id" is null);--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_channel_check" CHECK ("voucher_redemptions"."channel" in ('counter', 'till', 'online'));--> statement-breakpoint
ALTER TABLE "voucher_templates" ADD CONSTRAINT "voucher_templates_discount_check" CHECK (("voucher_templates"."discount_kind" is null) = ("voucher_templates"."discount_value" is null) and ("voucher_templates"."discount_kind" is null or "voucher_templates"."discount_kind" in ('percent', 'points', 'money')));
--> statement-breakpoint
-- The voucher an order used is part of what it cost: it never changes either.
CREATE OR REPLACE FUNCTION orders_check_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status NOT IN ('waiting_payment', 'new') THEN
      RAISE EXCEPTION 'an order starts waiting_payment or new, not %', NEW.status USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
  END IF;
  IF (NEW.merchant_id, NEW.program_id, NEW.card_id, NEW.user_id, NEW.number, NEW.subtotal_points, NEW.subtotal_minor, NEW.promo_code, NEW.voucher_id, NEW.discount_points, NEW.discount_minor, NEW.fees, NEW.points_paid, NEW.money_due_minor, NEW.currency, NEW.delivery_method, NEW.destination, NEW.distributor_id)
     IS DISTINCT FROM (OLD.merchant_id, OLD.program_id, OLD.card_id, OLD.user_id, OLD.number, OLD.subtotal_points, OLD.subtotal_minor, OLD.promo_code, OLD.voucher_id, OLD.discount_points, OLD.discount_minor, OLD.fees, OLD.points_paid, OLD.money_due_minor, OLD.currency, OLD.delivery_method, OLD.destination, OLD.distributor_id) THEN
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
