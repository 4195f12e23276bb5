CREATE TABLE "member_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_phone" text NOT NULL,
	"country_code" text DEFAULT 'ID' NOT NULL,
	"province_code" text NOT NULL,
	"province_name" text NOT NULL,
	"regency_code" text NOT NULL,
	"regency_name" text NOT NULL,
	"district_code" text NOT NULL,
	"district_name" text NOT NULL,
	"village_code" text NOT NULL,
	"village_name" text NOT NULL,
	"full_address" text NOT NULL,
	"zip" text NOT NULL,
	"note" text,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"is_primary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_addresses_type_check" CHECK ("member_addresses"."type" in ('home', 'office', 'other')),
	CONSTRAINT "member_addresses_phone_check" CHECK ("member_addresses"."recipient_phone" ~ '^\+[1-9][0-9]{6,14}$'),
	CONSTRAINT "member_addresses_country_check" CHECK ("member_addresses"."country_code" ~ '^[A-Z]{2}$'),
	CONSTRAINT "member_addresses_zip_check" CHECK ("member_addresses"."country_code" <> 'ID' or "member_addresses"."zip" ~ '^[0-9]{5}$'),
	CONSTRAINT "member_addresses_note_check" CHECK (char_length("member_addresses"."note") <= 200),
	CONSTRAINT "member_addresses_position_check" CHECK (("member_addresses"."latitude" is null) = ("member_addresses"."longitude" is null)),
	CONSTRAINT "member_addresses_latitude_check" CHECK ("member_addresses"."latitude" between -90 and 90),
	CONSTRAINT "member_addresses_longitude_check" CHECK ("member_addresses"."longitude" between -180 and 180)
);
--> statement-breakpoint
ALTER TABLE "member_addresses" ADD CONSTRAINT "member_addresses_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_addresses" ADD CONSTRAINT "member_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_addresses_member_idx" ON "member_addresses" USING btree ("merchant_id","user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "member_addresses_one_primary_key" ON "member_addresses" USING btree ("user_id") WHERE "member_addresses"."is_primary";