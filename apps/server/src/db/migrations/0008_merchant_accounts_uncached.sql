-- The merchant's accounts stop caching a balance: theirs is the sum of their postings.
UPDATE "ledger_accounts" SET "balance" = 0 WHERE "kind" <> 'member';--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_merchant_balance_check" CHECK ("ledger_accounts"."kind" = 'member' or "ledger_accounts"."balance" = 0);