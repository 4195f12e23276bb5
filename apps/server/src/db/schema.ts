/*
 * The drizzle schema index: every module's tables, for the client's typed queries and drizzle-kit.
 * The one file of db/ that points up into the modules (docs/decisions/011-module-boundaries.md):
 * each module owns its tables, and the database client has to know all of them.
 */
export * from '../modules/tenancy/merchants.table.ts';
export * from '../modules/tenancy/sites.table.ts';
export * from '../modules/auth/users.table.ts';
export * from '../modules/auth/one-time-codes.table.ts';
export * from '../modules/attempts/attempts.table.ts';
export * from '../modules/auth/sessions.table.ts';
export * from '../modules/auth/trusted-devices.table.ts';
export * from '../modules/outbox/outbox-messages.table.ts';
export * from '../modules/sso/sso.table.ts';
export * from '../modules/programs/programs.table.ts';
export * from '../modules/card-access/cards.table.ts';
export * from '../modules/ledger/accounts.table.ts';
export * from '../modules/ledger/journal.table.ts';
export * from '../modules/ledger/lots.table.ts';
export * from '../modules/idempotency/idempotency.table.ts';
export * from '../modules/cards/rewards.table.ts';
export * from '../integration/api-keys.table.ts';
export * from '../integration/purchases.table.ts';
export * from '../modules/jobs/jobs.table.ts';
export * from '../modules/media/images.table.ts';
export * from '../modules/payments/payments.table.ts';
export * from '../modules/subscriptions/subscriptions.table.ts';
export * from '../modules/catalog/catalog.table.ts';
export * from '../modules/addresses/addresses.table.ts';
export * from '../modules/analytics/analytics.table.ts';
export * from '../modules/orders/orders.table.ts';
export * from '../modules/webhooks/webhooks.table.ts';
export * from '../modules/vouchers/vouchers.table.ts';
export * from '../modules/outlets/outlets.table.ts';
export * from '../modules/gifts/gifts.table.ts';
export * from '../modules/vouchers/plan-vouchers.table.ts';
export * from '../modules/gift-cards/gift-cards.table.ts';
export * from '../modules/inbox/inbox.table.ts';
export * from '../modules/features/feature-locks.table.ts';
export * from '../modules/banners/banners.table.ts';
export * from '../modules/inbox/broadcasts.table.ts';
export * from '../modules/terms/terms.table.ts';
export * from '../modules/push/push.table.ts';
export * from '../modules/micro-apps/micro-apps.table.ts';
export * from '../modules/referrals/referrals.table.ts';
export * from '../modules/targets/targets.table.ts';
export * from '../modules/missions/missions.table.ts';
export * from '../modules/privileges/privileges.table.ts';
export * from '../modules/scan/earn-codes.table.ts';
export * from '../modules/unique-codes/unique-codes.table.ts';
export * from '../modules/receipts/receipts.table.ts';
export * from '../modules/qris-payments/qris-payments.table.ts';
export * from '../modules/bills/bills.table.ts';
