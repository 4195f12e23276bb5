import { Route, Routes } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { UnknownPage } from '../../../lib/unknown-page.ts';
import { GiftClaimPage } from './gift-claim-page.tsx';

/** Below '/gifts/*' (open to visitors not signed in): a friend's gift link. */
export function GiftRoutes() {
  return (
    <Routes>
      {/* The gift's path below '/gifts', as the nested routes match it. */}
      <Route path={paths.gift.path.slice(paths.gifts.path.length + 1)} element={<GiftClaimPage />} />
      <Route path="*" element={<UnknownPage />} />
    </Routes>
  );
}
