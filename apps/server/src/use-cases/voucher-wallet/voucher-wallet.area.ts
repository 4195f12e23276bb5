import { withSecrets, type Area } from '../../http/area.ts';
import { voucherWalletRoutes } from './voucher-wallet.routes.ts';

export const voucherWalletArea: Area = { name: 'voucher-wallet', routes: [withSecrets(['voucherCodeKeys'], voucherWalletRoutes)] };
