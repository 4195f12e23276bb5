-- Every posting carries its entry's occurred_at, so that an account's history is read newest first
-- from one index however long it is. Postings are append-only: the trigger that refuses updates
-- steps aside while the existing rows are dated (with the index the new one replaces already gone).
DROP INDEX "postings_account_id_idx";--> statement-breakpoint
ALTER TABLE "postings" ADD COLUMN "occurred_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "postings" DISABLE TRIGGER "postings_append_only";--> statement-breakpoint
UPDATE "postings" SET "occurred_at" = "journal_entries"."occurred_at" FROM "journal_entries" WHERE "journal_entries"."id" = "postings"."entry_id";--> statement-breakpoint
ALTER TABLE "postings" ENABLE TRIGGER "postings_append_only";--> statement-breakpoint
ALTER TABLE "postings" ALTER COLUMN "occurred_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "postings_account_history_idx" ON "postings" USING btree ("account_id","occurred_at","entry_id");
