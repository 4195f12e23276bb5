ALTER TABLE "merchant_payment_settings" DROP CONSTRAINT "merchant_payment_settings_provider_check";--> statement-breakpoint
ALTER TABLE "payment_events" DROP CONSTRAINT "payment_events_provider_check";--> statement-breakpoint
ALTER TABLE "payment_intents" DROP CONSTRAINT "payment_intents_provider_check";--> statement-breakpoint
ALTER TABLE "merchant_payment_settings" ADD CONSTRAINT "merchant_payment_settings_provider_check" CHECK ("merchant_payment_settings"."provider" in ('sandbox', 'xendit', 'midtrans', 'manual', 'cash'));--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_provider_check" CHECK ("payment_events"."provider" in ('sandbox', 'xendit', 'midtrans', 'manual', 'cash'));--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_provider_check" CHECK ("payment_intents"."provider" in ('sandbox', 'xendit', 'midtrans', 'manual', 'cash'));