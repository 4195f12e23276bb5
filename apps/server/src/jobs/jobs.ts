import { DAY_MS, HOUR_MS, MINUTE_MS } from '@kartu/core/calendar';
import type { Database } from '../db/database.ts';
import { grantBirthdayRewards } from '../modules/cards/reward-grants.service.ts';
import type { JobHandler, RecurringJob } from '../modules/jobs/job-worker.ts';
import { purgeDoneJobs } from '../modules/jobs/jobs.service.ts';
import { deliveryJob, sealKeyFor } from '../modules/outbox/outbox.service.ts';
import type { AppContext } from '../http/app-context.ts';
import { expireLots } from '../modules/ledger/expiry.service.ts';
import { listMerchantTimeZones } from '../modules/tenancy/tenancy.service.ts';
import { reconcilePayments } from '../modules/payments/payment-reconciliation.service.ts';
import { renewSubscriptions } from '../modules/subscriptions/subscription-renewal.service.ts';
import { webhookDeliveryJob } from '../modules/webhooks/webhooks.service.ts';
import { returnExpiredGifts } from '../modules/gifts/gifts.service.ts';
import { failLatePartnerVouchers, failLatePartnerVouchersJobName, issueVoucherCodesJob, issueVoucherCodesJobName } from '../modules/vouchers/voucher-issuing.service.ts';

/** Moves expired value of every merchant's member accounts to the expiry account. */
export async function expireLotsOfEveryMerchant({ db, now }: { db: Database; now: Date }): Promise<number> {
  let posted = 0;
  for (const { merchantId } of await listMerchantTimeZones({ db })) posted += (await expireLots({ db, now, merchantId })).length;
  return posted;
}

/** What the server's workers run (docs/operations.md Background jobs). Each is safe to run again. */
export const serverJobHandlers = ({ drivers, codeSecret, payments, webhookSealKey, voucherCodeKeys }: Pick<AppContext, 'drivers' | 'codeSecret' | 'payments' | 'webhookSealKey' | 'voucherCodeKeys'>): JobHandler[] => [
  deliveryJob({ drivers, sealKey: sealKeyFor(codeSecret) }),
  webhookDeliveryJob({ sealKey: webhookSealKey }),
  { name: 'expire-lots', run: expireLotsOfEveryMerchant },
  { name: 'birthday-rewards', run: grantBirthdayRewards },
  { name: 'reconcile-payments', run: ({ db, now, log }) => reconcilePayments({ db, payments, now, log }) },
  { name: 'renew-subscriptions', run: ({ db, now, log }) => renewSubscriptions({ db, payments, now, log }) },
  { name: 'return-expired-gifts', run: returnExpiredGifts },
  issueVoucherCodesJob({ keys: voucherCodeKeys }),
  { name: failLatePartnerVouchersJobName, run: failLatePartnerVouchers },
  // Finished jobs are kept a week for operators to look into, then forgotten.
  { name: 'purge-jobs', run: ({ db, now }) => purgeDoneJobs({ db, now, keepMs: 7 * DAY_MS }) },
];

export const serverRecurringJobs: RecurringJob[] = [
  { name: 'expire-lots', everyMs: HOUR_MS },
  // Every 6 hours, so every time zone's day is covered soon after it starts; grants are once a year.
  { name: 'birthday-rewards', everyMs: 6 * HOUR_MS },
  { name: 'purge-jobs', everyMs: DAY_MS },
  // Intents whose provider message never came settle within minutes of their expiry.
  { name: 'reconcile-payments', everyMs: 5 * MINUTE_MS },
  // Lapsed subscriptions are written down, and saved cards charged a day before their period ends.
  { name: 'renew-subscriptions', everyMs: HOUR_MS },
  // Gifts past their expiry already read as returned; this writes them down and clears their secrets.
  { name: 'return-expired-gifts', everyMs: 15 * MINUTE_MS },
  // Queued with each voucher that waits for a hashed code; this catches any whose job was lost.
  { name: issueVoucherCodesJobName, everyMs: 5 * MINUTE_MS },
  // A partner's voucher that has no code 30 minutes after its issue is suspended within 5 more.
  { name: failLatePartnerVouchersJobName, everyMs: 5 * MINUTE_MS },
];
