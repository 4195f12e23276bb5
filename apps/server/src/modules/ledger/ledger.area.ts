import type { Area } from '../../http/area.ts';
import { HOUR_MS } from '@kartu/core/calendar';
import { expireLotsOfEveryMerchant } from './expiry.service.ts';

export const ledgerArea: Area = {
  name: 'ledger',
  jobs: () => [{ name: 'expire-lots', run: expireLotsOfEveryMerchant }],
  recurringJobs: [{ name: 'expire-lots', everyMs: HOUR_MS }],
};
