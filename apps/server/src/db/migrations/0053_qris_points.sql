ALTER TABLE "qris_payments" DROP CONSTRAINT "qris_payments_source_check";--> statement-breakpoint
ALTER TABLE "qris_payments" ADD COLUMN "spent" bigint;--> statement-breakpoint
ALTER TABLE "qris_payments" ADD CONSTRAINT "qris_payments_source_check" CHECK ("qris_payments"."source" in ('wallet', 'balance', 'points'));