import { withSecrets, type Area } from '../../http/area.ts';
import { giftCardCounterChargeRoutes, giftCardTillChargeRoutes } from './gift-card-charge.routes.ts';

export const giftCardChargeArea: Area = { name: 'gift-card-charge', routes: [withSecrets(['outletCodeKey'], giftCardCounterChargeRoutes)], integrationRoutes: [giftCardTillChargeRoutes] };
