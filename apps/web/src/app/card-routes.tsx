import { Route, Routes } from 'react-router';
import { paths } from '../config/paths.ts';
import { lazyPage } from './lazy-page.ts';
import { NotFoundPage } from './route-error.tsx';
import { ActiveSubscriptionGuard, FeatureGuard } from './card-rule-guards.tsx';

/*
 * A card's pages other than its own page and the shop's: the ones an expired subscription closes,
 * the subscription's pages, and the 404 for any other address under a card. The first page's
 * script names this one lazy module rather than one per page (the landing page's script budget);
 * each page still downloads on its first visit.
 */

const CardRegistrationPage = lazyPage(() =>
  import('../features/cards/routes/card-registration-page.tsx').then((m) => m.CardRegistrationPage),
);
const TransactionHistoryPage = lazyPage(() =>
  import('../features/cards/routes/transaction-history-page.tsx').then((m) => m.TransactionHistoryPage),
);
const TransactionDetailPage = lazyPage(() =>
  import('../features/cards/routes/transaction-detail-page.tsx').then((m) => m.TransactionDetailPage),
);
/** Also mounted at the top level (v1 '/transaction-egift-detail/:transactionId'), loaded through this module. */
export const loadTransactionEgiftDetailPage = () =>
  import('../features/cards/routes/transaction-egift-detail-page.tsx').then((m) => m.TransactionEgiftDetailPage);
const TransactionEgiftDetailPage = lazyPage(loadTransactionEgiftDetailPage);
const ReferralPage = lazyPage(() => import('../features/referral/routes/referral-page.tsx').then((m) => m.ReferralPage));
const ScanToEarnPage = lazyPage(() => import('../features/scan/routes/scan-to-earn-page.tsx').then((m) => m.ScanToEarnPage));
const ScanReceiptPage = lazyPage(() => import('../features/receipts/routes/scan-receipt-page.tsx').then((m) => m.ScanReceiptPage));
const ScanQrisPage = lazyPage(() => import('../features/qris/routes/scan-qris-page.tsx').then((m) => m.ScanQrisPage));
const BillsPage = lazyPage(() => import('../features/bills/routes/bills-page.tsx').then((m) => m.BillsPage));
const BillCategoryPage = lazyPage(() => import('../features/bills/routes/bill-category-page.tsx').then((m) => m.BillCategoryPage));
const BillPaymentPage = lazyPage(() => import('../features/bills/routes/bill-payment-page.tsx').then((m) => m.BillPaymentPage));
const MissionsPage = lazyPage(() => import('../features/missions/routes/missions-page.tsx').then((m) => m.MissionsPage));
const MissionPage = lazyPage(() => import('../features/missions/routes/mission-page.tsx').then((m) => m.MissionPage));
const MissionTaskPage = lazyPage(() => import('../features/missions/routes/mission-task-page.tsx').then((m) => m.MissionTaskPage));
const PrivilegesPage = lazyPage(() => import('../features/privileges/routes/privileges-page.tsx').then((m) => m.PrivilegesPage));
const PrivilegePage = lazyPage(() => import('../features/privileges/routes/privilege-page.tsx').then((m) => m.PrivilegePage));
const PrivilegeSurveyPage = lazyPage(() => import('../features/privileges/routes/privilege-survey-page.tsx').then((m) => m.PrivilegeSurveyPage));
const PrivilegeAnswersPage = lazyPage(() => import('../features/privileges/routes/privilege-answers-page.tsx').then((m) => m.PrivilegeAnswersPage));
const PrivilegeAnswerPage = lazyPage(() => import('../features/privileges/routes/privilege-answer-page.tsx').then((m) => m.PrivilegeAnswerPage));
const TargetsPage = lazyPage(() => import('../features/targets/routes/targets-page.tsx').then((m) => m.TargetsPage));
const TargetPage = lazyPage(() => import('../features/targets/routes/target-page.tsx').then((m) => m.TargetPage));
const TransferPointsPage = lazyPage(() => import('../features/cards/routes/transfer-points-page.tsx').then((m) => m.TransferPointsPage));
const ClaimRewardsPage = lazyPage(() => import('../features/cards/routes/claim-rewards-page.tsx').then((m) => m.ClaimRewardsPage));
const LevelsPage = lazyPage(() => import('../features/cards/routes/levels-page.tsx').then((m) => m.LevelsPage));
const SubscribePage = lazyPage(() => import('../features/subscriptions/routes/subscribe-page.tsx').then((m) => m.SubscribePage));
const CancelSubscriptionPage = lazyPage(() =>
  import('../features/subscriptions/routes/cancel-subscription-page.tsx').then((m) => m.CancelSubscriptionPage),
);
const CardVoucherWalletPage = lazyPage(() =>
  import('../features/vouchers/routes/voucher-wallet-page.tsx').then((m) => m.CardVoucherWalletPage),
);
const VoucherStackPage = lazyPage(() => import('../features/vouchers/routes/voucher-stack-page.tsx').then((m) => m.VoucherStackPage));
const CardInboxPage = lazyPage(() => import('../features/inbox/routes/inbox-page.tsx').then((m) => m.CardInboxPage));
const CardProfilePage = lazyPage(() => import('../features/profile/routes/profile-page.tsx').then((m) => m.CardProfilePage));
const PaymentPage = lazyPage(() => import('../features/payments/routes/payment-page.tsx').then((m) => m.PaymentPage));

/** A card page's path below '/cards/:cardId', as the routes nested under the card match it. */
function underCard(path: string): string {
  return path.slice(paths.cardDetail.path.length + 1);
}

/** Mounted on the card's '*'. v2 has no transfer, claim or subscription pages, and only v2 has a card's notifications (spec: app-core §2 V2 routes). */
export function CardRoutes({ v2 = false }: { v2?: boolean }) {
  return (
    <Routes>
      {/* An expired subscription closes these; the catalog and subscription pages stay open. */}
      <Route element={<ActiveSubscriptionGuard />}>
        <Route path={underCard(paths.cardRegister.path)} element={<CardRegistrationPage />} />
        <Route path={underCard(paths.cardTransactionHistory.path)} element={<TransactionHistoryPage />} />
        <Route path={underCard(paths.cardTransactionDetail.path)} element={<TransactionDetailPage />} />
        {v2 ? null : (
          <Route element={<FeatureGuard feature="transfer-point" />}>
            <Route path={underCard(paths.cardTransferPoint.path)} element={<TransferPointsPage />} />
          </Route>
        )}
        {v2 ? null : (
          <Route element={<FeatureGuard feature="referral" />}>
            <Route path={underCard(paths.cardReferral.path)} element={<ReferralPage />} />
          </Route>
        )}
        {v2 ? null : (
          <Route element={<FeatureGuard feature="mission" />}>
            <Route path={underCard(paths.cardMissions.path)} element={<MissionsPage />} />
            <Route path={underCard(paths.cardMission.path)} element={<MissionPage />} />
            <Route path={underCard(paths.cardMissionTask.path)} element={<MissionTaskPage />} />
          </Route>
        )}
        {v2 ? null : (
          <Route element={<FeatureGuard feature="privilege" />}>
            <Route path={underCard(paths.cardPrivileges.path)} element={<PrivilegesPage />} />
            <Route path={underCard(paths.cardPrivilege.path)} element={<PrivilegePage />} />
            <Route path={underCard(paths.cardPrivilegeSurvey.path)} element={<PrivilegeSurveyPage />} />
            <Route path={underCard(paths.cardPrivilegeAnswers.path)} element={<PrivilegeAnswersPage />} />
            <Route path={underCard(paths.cardPrivilegeAnswer.path)} element={<PrivilegeAnswerPage />} />
          </Route>
        )}
        {v2 ? null : (
          <Route element={<FeatureGuard feature="target-achievement" />}>
            <Route path={underCard(paths.cardTargets.path)} element={<TargetsPage />} />
            <Route path={underCard(paths.cardTarget.path)} element={<TargetPage />} />
          </Route>
        )}
        {v2 ? null : <Route path={underCard(paths.cardClaimRewards.path)} element={<ClaimRewardsPage />} />}
        {/* Scanning's pages (decision 046): scan to earn is a v2 page too, the others v1 only. */}
        <Route element={<FeatureGuard feature="scan-to-earn" />}>
          <Route path={underCard(paths.cardScanToEarn.path)} element={<ScanToEarnPage />} />
        </Route>
        {v2 ? null : (
          <Route element={<FeatureGuard feature="scan-receipt" />}>
            <Route path={underCard(paths.cardScanReceipt.path)} element={<ScanReceiptPage />} />
          </Route>
        )}
        {v2 ? null : <Route path={underCard(paths.cardBills.path)} element={<BillsPage />} />}
        {v2 ? null : <Route path={underCard(paths.cardBillPayment.path)} element={<BillPaymentPage />} />}
        {v2 ? null : <Route path={underCard(paths.cardBillCategory.path)} element={<BillCategoryPage />} />}
        {v2 ? null : (
          <Route element={<FeatureGuard feature="scan-qris" />}>
            <Route path={underCard(paths.cardScanQris.path)} element={<ScanQrisPage />} />
          </Route>
        )}
        <Route path={underCard(paths.cardLevels.path)} element={<LevelsPage />} />
        <Route path={underCard(paths.cardVouchers.path)} element={<CardVoucherWalletPage />} />
        <Route element={<FeatureGuard feature="egift" />}>
          <Route path={underCard(paths.cardEgifts.path)} element={<CardVoucherWalletPage />} />
          <Route path={underCard(paths.cardEgiftStack.path)} element={<VoucherStackPage />} />
        </Route>
      </Route>
      {/* A card's own messages (v2 only); an expired subscription does not close them. */}
      {v2 ? <Route path={underCard(paths.cardNotifications.path)} element={<CardInboxPage />} /> : null}
      {/* The member's profile, opened from a card's menu: an account page, never closed by a subscription. */}
      <Route path={underCard(paths.cardProfile.path)} element={<CardProfilePage />} />
      {/* A gift card's payments: its program is never a subscription's. */}
      <Route path={underCard(paths.cardTransactionEgiftDetail.path)} element={<TransactionEgiftDetailPage />} />
      {v2 ? null : (
        <>
          {/* A locked subscription closes subscribing and renewing, never cancelling or paying what is already asked. */}
          <Route element={<FeatureGuard feature="subscription" />}>
            <Route path={underCard(paths.cardSubscribe.path)} element={<SubscribePage />} />
          </Route>
          <Route path={underCard(paths.cardSubscribePayment.path)} element={<PaymentPage />} />
          <Route path={underCard(paths.cardSubscribeCancel.path)} element={<CancelSubscriptionPage />} />
        </>
      )}
      {/* Pages that come with later features still hold their guards; until then they answer 404. */}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
