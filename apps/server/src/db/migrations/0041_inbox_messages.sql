CREATE TABLE "inbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"card_id" char(24),
	"facts" jsonb NOT NULL,
	"link" text,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "inbox_messages_kind_check" CHECK ("inbox_messages"."facts"->>'kind' in ('merchant', 'points_earned', 'transfer_received', 'order_status', 'payment_settled')),
	CONSTRAINT "inbox_messages_link_check" CHECK ("inbox_messages"."link" ~ '^/([^/\\]|$)')
);
--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_messages_member_idx" ON "inbox_messages" USING btree ("merchant_id","user_id","created_at","id") WHERE "inbox_messages"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "inbox_messages_unread_idx" ON "inbox_messages" USING btree ("merchant_id","user_id") WHERE "inbox_messages"."read_at" is null and "inbox_messages"."deleted_at" is null;