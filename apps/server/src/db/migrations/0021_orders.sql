CREATE TABLE "distributors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"program_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"phone" text,
	"opening_hours" text,
	"latitude" double precision,
	"longitude" double precision,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "distributors_location_check" CHECK (("distributors"."latitude" is null) = ("distributors"."longitude" is null))
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"actor" text NOT NULL,
	"note" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_events_status_check" CHECK ("order_events"."status" in ('waiting_payment', 'new', 'on_process', 'order_ready', 'on_courier', 'completed', 'cancelled', 'failed', 'returned'))
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"image_id" uuid,
	"quantity" integer NOT NULL,
	"unit_points" bigint,
	"unit_minor" bigint,
	"took_stock" boolean NOT NULL,
	CONSTRAINT "order_lines_quantity_check" CHECK ("order_lines"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"program_id" uuid NOT NULL,
	"card_id" char(24) NOT NULL,
	"user_id" uuid NOT NULL,
	"number" text NOT NULL,
	"status" text NOT NULL,
	"delivery_method" text NOT NULL,
	"destination" jsonb,
	"regency_code" text,
	"distributor_id" uuid,
	"courier" text,
	"tracking_number" text,
	"subtotal_points" bigint NOT NULL,
	"subtotal_minor" bigint NOT NULL,
	"fees" jsonb NOT NULL,
	"points_paid" bigint NOT NULL,
	"money_due_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"points_entry_id" uuid,
	"payment_intent_id" uuid,
	"note" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_merchant_number_key" UNIQUE("merchant_id","number"),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('waiting_payment', 'new', 'on_process', 'order_ready', 'on_courier', 'completed', 'cancelled', 'failed', 'returned')),
	CONSTRAINT "orders_delivery_method_check" CHECK ("orders"."delivery_method" in ('instant', 'same_day', 'courier', 'pickup', 'none')),
	CONSTRAINT "orders_amounts_check" CHECK ("orders"."subtotal_points" >= 0 and "orders"."subtotal_minor" >= 0 and "orders"."points_paid" >= 0 and "orders"."money_due_minor" >= 0),
	CONSTRAINT "orders_points_paid_check" CHECK ("orders"."points_paid" <= "orders"."subtotal_points"),
	CONSTRAINT "orders_points_entry_check" CHECK (("orders"."points_paid" > 0) = ("orders"."points_entry_id" is not null)),
	CONSTRAINT "orders_currency_check" CHECK ("orders"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "orders_destination_check" CHECK (("orders"."delivery_method" in ('instant', 'same_day', 'courier')) = ("orders"."destination" is not null)),
	CONSTRAINT "orders_pickup_check" CHECK (("orders"."delivery_method" = 'pickup') = ("orders"."distributor_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"program_id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"point_value_minor" bigint,
	"covered_regency_codes" jsonb,
	"delivery_options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fee_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_point_value_check" CHECK ("shop_settings"."point_value_minor" is null or "shop_settings"."point_value_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "distributors" ADD CONSTRAINT "distributors_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributors" ADD CONSTRAINT "distributors_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_intent_id_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "distributors_program_idx" ON "distributors" USING btree ("program_id","sort_order");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_card_idx" ON "orders" USING btree ("card_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_merchant_status_idx" ON "orders" USING btree ("merchant_id","program_id","status","created_at");
--> statement-breakpoint
-- An order's status moves only as docs/decisions/023-orders.md allows; what was bought, by whom and
-- at what price never changes.
CREATE FUNCTION orders_check_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status NOT IN ('waiting_payment', 'new') THEN
      RAISE EXCEPTION 'an order starts waiting_payment or new, not %', NEW.status USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
  END IF;
  IF (NEW.merchant_id, NEW.program_id, NEW.card_id, NEW.user_id, NEW.number, NEW.subtotal_points, NEW.subtotal_minor, NEW.fees, NEW.points_paid, NEW.money_due_minor, NEW.currency, NEW.delivery_method, NEW.destination, NEW.distributor_id)
     IS DISTINCT FROM (OLD.merchant_id, OLD.program_id, OLD.card_id, OLD.user_id, OLD.number, OLD.subtotal_points, OLD.subtotal_minor, OLD.fees, OLD.points_paid, OLD.money_due_minor, OLD.currency, OLD.delivery_method, OLD.destination, OLD.distributor_id) THEN
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
--> statement-breakpoint
CREATE TRIGGER orders_transitions
  BEFORE INSERT OR UPDATE ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_check_change();
--> statement-breakpoint
CREATE FUNCTION order_events_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'order events are append-only' USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER order_events_append_only
  BEFORE UPDATE OR DELETE ON order_events
  FOR EACH ROW EXECUTE FUNCTION order_events_refuse_change();
