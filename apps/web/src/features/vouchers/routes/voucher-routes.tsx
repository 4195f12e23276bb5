import { Route, Routes } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { PageNotFoundError } from '../../../lib/page-not-found.ts';
import { GiftClaimPage } from './gift-claim-page.tsx';
import { VoucherPage } from './voucher-page.tsx';
import { VoucherStackPage } from './voucher-stack-page.tsx';
import { VoucherWalletPage } from './voucher-wallet-page.tsx';

/** A path below the section's own ('/egifts' or '/gifts'), as the nested routes match it. */
function under(path: string, section: string = paths.egifts.path): string {
  return path.slice(section.length + 1);
}

/**
 * Below '/egifts/*': the wallet, a stack and a voucher; below '/gifts/*' (`section="gifts"`, open
 * to visitors not signed in): a friend's gift link. One lazy chunk for both.
 */
export function VoucherRoutes({ section = 'egifts' }: { section?: 'egifts' | 'gifts' }) {
  if (section === 'gifts') {
    return (
      <Routes>
        <Route path={under(paths.gift.path, paths.gifts.path)} element={<GiftClaimPage />} />
        <Route path="*" element={<UnknownVoucherPage />} />
      </Routes>
    );
  }
  return (
    <Routes>
      <Route index element={<VoucherWalletPage />} />
      <Route path={under(paths.egiftStack.path)} element={<VoucherStackPage />} />
      <Route path={under(paths.egiftDetail.path)} element={<VoucherPage />} />
      <Route path="*" element={<UnknownVoucherPage />} />
    </Routes>
  );
}

/** An address under `/egifts/` that names no page: the app's 404 page, through its error boundary. */
function UnknownVoucherPage(): never {
  const { t } = useTranslation();
  throw new PageNotFoundError(t('notFound.site'));
}
