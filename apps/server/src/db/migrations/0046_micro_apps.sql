CREATE TABLE "micro_apps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"app" text NOT NULL,
	"name" text NOT NULL,
	"sealed_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "micro_apps_merchant_app_key" UNIQUE("merchant_id","app"),
	CONSTRAINT "micro_apps_app_check" CHECK ("micro_apps"."app" ~ '^[a-z0-9][a-z0-9-]{1,39}$')
);
--> statement-breakpoint
ALTER TABLE "micro_apps" ADD CONSTRAINT "micro_apps_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;