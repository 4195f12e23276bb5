CREATE TABLE "sso_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sso_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"kid" text NOT NULL,
	"secret" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_keys_merchant_kid_unique" UNIQUE("merchant_id","kid")
);
--> statement-breakpoint
CREATE TABLE "sso_token_uses" (
	"merchant_id" integer NOT NULL,
	"jti" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_token_uses_merchant_id_jti_pk" PRIMARY KEY("merchant_id","jti")
);
--> statement-breakpoint
ALTER TABLE "sso_keys" ADD CONSTRAINT "sso_keys_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_token_uses" ADD CONSTRAINT "sso_token_uses_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_token_uses_expires_at_idx" ON "sso_token_uses" USING btree ("expires_at");