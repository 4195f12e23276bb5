import { devArea } from './dev/dev.area.ts';
import type { Area } from './http/area.ts';
import { accountArea } from './modules/account/account.area.ts';
import { addressesArea } from './modules/addresses/addresses.area.ts';
import { authArea } from './modules/auth/auth.area.ts';
import { cardsArea } from './modules/cards/cards.area.ts';
import { catalogArea } from './modules/catalog/catalog.area.ts';
import { bannersArea } from './modules/banners/banners.area.ts';
import { termsArea } from './modules/terms/terms.area.ts';
import { referralsArea } from './modules/referrals/referrals.area.ts';
import { joinReferralArea } from './use-cases/join-referral/join-referral.area.ts';
import { referralProgressArea } from './use-cases/referral-progress/referral-progress.area.ts';
import { targetProgressArea } from './use-cases/target-progress/target-progress.area.ts';
import { missionProgressArea } from './use-cases/mission-progress/mission-progress.area.ts';
import { scanCodeArea } from './use-cases/scan-code/scan.area.ts';
import { receiptReviewArea } from './use-cases/receipt-review/receipt-review.area.ts';
import { payQrisArea } from './use-cases/pay-qris/pay-qris.area.ts';
import { payBillArea } from './use-cases/pay-bill/pay-bill.area.ts';
import { memberPrivilegesArea } from './use-cases/member-privileges/member-privileges.area.ts';
import { microAppsArea } from './modules/micro-apps/micro-apps.area.ts';
import { featuresArea } from './modules/features/features.area.ts';
import { geographyArea } from './modules/geography/geography.area.ts';
import { giftCardsArea } from './modules/gift-cards/gift-cards.area.ts';
import { giftsArea } from './modules/gifts/gifts.area.ts';
import { healthArea } from './modules/health/health.area.ts';
import { inboxArea } from './modules/inbox/inbox.area.ts';
import { pushArea } from './modules/push/push.area.ts';
import { jobsArea } from './modules/jobs/jobs.area.ts';
import { ledgerArea } from './modules/ledger/ledger.area.ts';
import { mediaArea } from './modules/media/media.area.ts';
import { ordersArea } from './modules/orders/orders.area.ts';
import { outboxArea } from './modules/outbox/outbox.area.ts';
import { paymentsArea } from './modules/payments/payments.area.ts';
import { ssoArea } from './modules/sso/sso.area.ts';
import { subscriptionsArea } from './modules/subscriptions/subscriptions.area.ts';
import { vouchersArea } from './modules/vouchers/vouchers.area.ts';
import { webhooksArea } from './modules/webhooks/webhooks.area.ts';
import { cardDetailArea } from './use-cases/card-detail/card-detail.area.ts';
import { claimRewardArea } from './use-cases/claim-reward/claim-reward.area.ts';
import { giftCardActivationArea } from './use-cases/gift-card-activation/gift-card-activation.area.ts';
import { giftCardChargeArea } from './use-cases/gift-card-charge/gift-card-charge.area.ts';
import { giftVoucherArea } from './use-cases/gift-voucher/gift-voucher.area.ts';
import { moveOrderArea } from './use-cases/move-order/move-order.area.ts';
import { orderViewArea } from './use-cases/order-view/order-view.area.ts';
import { memberEventsArea } from './use-cases/member-events/member-events.area.ts';
import { placeOrderArea } from './use-cases/place-order/place-order.area.ts';
import { recordPurchaseArea } from './use-cases/record-purchase/record-purchase.area.ts';
import { redeemAtCounterArea } from './use-cases/redeem-at-counter/redeem-at-counter.area.ts';
import { tillRedemptionArea } from './use-cases/till-redemption/till-redemption.area.ts';
import { siteStateArea } from './use-cases/site-state/site-state.area.ts';
import { sendBroadcastArea } from './use-cases/send-broadcast/send-broadcast.area.ts';
import { expiryRemindersArea } from './use-cases/expiry-reminders/expiry-reminders.area.ts';
import { subscriptionPeriodPaidArea } from './use-cases/subscription-period-paid/subscription-period-paid.area.ts';
import { voucherWalletArea } from './use-cases/voucher-wallet/voucher-wallet.area.ts';

/**
 * Every module and use case of the server (http/area.ts): the app registers their routes in this
 * order, the payments wiring takes their payment effects, and the job worker their jobs. A new
 * area adds itself here.
 */
export const areas: readonly Area[] = [
  authArea,
  ssoArea,
  accountArea,
  cardsArea,
  cardDetailArea,
  claimRewardArea,
  paymentsArea,
  subscriptionsArea,
  subscriptionPeriodPaidArea,
  catalogArea,
  memberEventsArea,
  geographyArea,
  addressesArea,
  placeOrderArea,
  orderViewArea,
  ordersArea,
  moveOrderArea,
  voucherWalletArea,
  vouchersArea,
  redeemAtCounterArea,
  giftCardActivationArea,
  giftCardsArea,
  giftCardChargeArea,
  giftVoucherArea,
  giftsArea,
  inboxArea,
  pushArea,
  sendBroadcastArea,
  expiryRemindersArea,
  featuresArea,
  bannersArea,
  termsArea,
  referralsArea,
  joinReferralArea,
  referralProgressArea,
  targetProgressArea,
  missionProgressArea,
  scanCodeArea,
  receiptReviewArea,
  payQrisArea,
  payBillArea,
  memberPrivilegesArea,
  microAppsArea,
  recordPurchaseArea,
  tillRedemptionArea,
  ledgerArea,
  outboxArea,
  webhooksArea,
  jobsArea,
  devArea,
  healthArea,
  siteStateArea,
  mediaArea,
];
