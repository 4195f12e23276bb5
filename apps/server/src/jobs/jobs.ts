import { grantBirthdayRewards } from '../modules/cards/reward-grants.service.ts';
import { listMerchantTimeZones } from '../modules/tenancy/tenancy.service.ts';
import { expireLots } from '../modules/ledger/expiry.service.ts';
import type { Job, JobContext } from './job-runner.ts';

const hourMs = 60 * 60 * 1000;

/** Moves expired value of every merchant's member accounts to the expiry account. */
export async function expireLotsOfEveryMerchant({ db, now }: JobContext): Promise<number> {
  let posted = 0;
  for (const { merchantId } of await listMerchantTimeZones({ db })) posted += (await expireLots({ db, now, merchantId })).length;
  return posted;
}

/** The jobs the server runs in the background (docs/operations.md Background jobs). */
export const serverJobs: Job[] = [
  { name: 'expire-lots', intervalMs: hourMs, run: expireLotsOfEveryMerchant },
  // Every 6 hours, so every time zone's day is covered soon after it starts; grants are once a year.
  { name: 'birthday-rewards', intervalMs: 6 * hourMs, run: grantBirthdayRewards },
];
