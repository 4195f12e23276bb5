import { GiftRoutes } from '../features/gifts/routes/gift-routes.tsx';
import { VoucherRoutes } from '../features/vouchers/routes/voucher-routes.tsx';

/**
 * Below '/egifts/*': the wallet, a stack and a voucher; below '/gifts/*' (`section="gifts"`, open
 * to visitors not signed in): a friend's gift link. One lazy chunk for both.
 */
export function EgiftRoutes({ section = 'egifts' }: { section?: 'egifts' | 'gifts' }) {
  return section === 'gifts' ? <GiftRoutes /> : <VoucherRoutes />;
}
