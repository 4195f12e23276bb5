ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_member_balance_check";--> statement-breakpoint
ALTER TABLE "postings" DROP CONSTRAINT "postings_amount_check";--> statement-breakpoint
ALTER TABLE "lots" DROP CONSTRAINT "lots_amount_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_member_balance_check" CHECK ("ledger_accounts"."kind" <> 'member' or "ledger_accounts"."balance" between 0 and 1000000000000000);--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_amount_check" CHECK ("postings"."amount" <> 0 and "postings"."amount" between -1000000000000000 and 1000000000000000);--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_amount_check" CHECK ("lots"."amount" between 1 and 1000000000000000 and "lots"."remaining" between 0 and "lots"."amount");