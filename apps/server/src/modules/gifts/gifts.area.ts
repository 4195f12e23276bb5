import { withSecrets, type Area } from '../../http/area.ts';
import { MINUTE_MS } from '@kartu/core/calendar';
import { returnExpiredGifts } from './gifts.service.ts';
import { giftsRoutes } from './gifts.routes.ts';

export const giftsArea: Area = {
  name: 'gifts',
  routes: [withSecrets(['giftKeys'], giftsRoutes)],
  jobs: () => [{ name: 'return-expired-gifts', run: returnExpiredGifts }],
  // Gifts past their expiry already read as returned; this writes them down and clears their secrets.
  recurringJobs: [{ name: 'return-expired-gifts', everyMs: 15 * MINUTE_MS }],
};
