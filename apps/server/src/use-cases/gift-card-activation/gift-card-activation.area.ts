import type { Area } from '../../http/area.ts';
import { giftCardActivationRoutes } from './gift-card-activation.routes.ts';

export const giftCardActivationArea: Area = { name: 'gift-card-activation', routes: [giftCardActivationRoutes] };
