import type { Area } from '../../http/area.ts';
import { giftCardsRoutes } from './gift-cards.routes.ts';

export const giftCardsArea: Area = { name: 'gift-cards', routes: [giftCardsRoutes] };
