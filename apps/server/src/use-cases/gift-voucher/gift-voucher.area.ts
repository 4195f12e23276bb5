import { withSecrets, type Area } from '../../http/area.ts';
import { giftVoucherRoutes } from './gift-voucher.routes.ts';

export const giftVoucherArea: Area = { name: 'gift-voucher', routes: [withSecrets(['giftKeys', 'outboxSealKey'], giftVoucherRoutes)] };
