import type { Area } from '../../http/area.ts';
import { giftCardsRoutes } from './gift-cards.routes.ts';
import { integrationGiftCardsRoutes } from './gift-cards.integration.routes.ts';

export const giftCardsArea: Area = { name: 'gift-cards', integrationRoutes: [integrationGiftCardsRoutes], routes: [giftCardsRoutes] };
