import { withSecrets, type Area } from '../../http/area.ts';
import { HOUR_MS } from '@kartu/core/calendar';
import { addCardRoutes } from './add-card.routes.ts';
import { cardHistoryRoutes } from './card-history.routes.ts';
import { cardTransferRoutes } from './card-transfer.routes.ts';
import { cardsRoutes } from './cards.routes.ts';
import { grantBirthdayRewards } from './reward-grants.service.ts';
import { rewardsRoutes } from './rewards.routes.ts';
import { integrationCardRoutes } from './cards.integration.routes.ts';

export const cardsArea: Area = {
  name: 'cards',
  integrationRoutes: [withSecrets(['activationCodeKey'], integrationCardRoutes)],
  routes: [cardsRoutes, withSecrets(['activationCodeKey'], addCardRoutes), rewardsRoutes, cardHistoryRoutes, withSecrets(['codeSecret', 'outboxSealKey'], cardTransferRoutes)],
  jobs: () => [{ name: 'birthday-rewards', run: grantBirthdayRewards }],
  // Every 6 hours, so every time zone's day is covered soon after it starts; grants are once a year.
  recurringJobs: [{ name: 'birthday-rewards', everyMs: 6 * HOUR_MS }],
};
