import { useCallback } from 'react';
import type { BalanceUnit, Currency, InboxFacts } from '@kartu/contracts';
import { formatCurrency, formatNumber } from '@kartu/core';
import { paymentCurrency } from '../../components/payment/payment-currency.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { useSite } from '../../lib/site.tsx';
import { useDates } from '../../lib/use-dates.ts';

export interface MessageWording {
  title: string;
  text: string;
}

/**
 * An amount of a program's unit as the sentence needs it: a bare number before the words for points
 * and stamps (their plural is the catalogue's), money in the merchant's currency for a cash card.
 */
function amountOf(amount: number, unit: BalanceUnit, currency: Currency): string {
  return unit === 'CASH' ? formatCurrency(amount, currency) : formatNumber(amount, { thousandSeparator: currency.thousandSeparator });
}

/**
 * A message's title and text in the member's language. The merchant's own messages are shown as
 * written; a system message carries only its facts (decision 031), worded here with the
 * app's number and money formatters and the shop's words for an order's status.
 */
export function useMessageWording(): (facts: InboxFacts) => MessageWording {
  const { t } = useTranslation('inbox');
  const { t: shopT, i18n: shop } = useTranslation('shop');
  const { merchant } = useSite();
  const { currency } = merchant;
  const dates = useDates();

  return useCallback(
    (facts: InboxFacts): MessageWording => {
      switch (facts.kind) {
        case 'merchant':
          return { title: facts.title, text: facts.text };
        case 'points_earned': {
          const { unit, programName } = facts;
          return {
            title: t('messages.pointsEarned.title', { context: unit, count: facts.points, amount: amountOf(facts.points, unit, currency) }),
            text: t('messages.pointsEarned.text', { context: unit, count: facts.balance, balance: amountOf(facts.balance, unit, currency), programName }),
          };
        }
        case 'transfer_received': {
          const { unit, programName } = facts;
          const senderName = facts.senderName === null ? t('messages.transferReceived.someone') : t('messages.transferReceived.sender', { name: facts.senderName });
          return {
            title: t('messages.transferReceived.title', { context: unit, count: facts.points, amount: amountOf(facts.points, unit, currency), senderName }),
            text: t('messages.transferReceived.text', { programName }),
          };
        }
        case 'order_status': {
          const statusKey = `orderStatus.${facts.status}`;
          return {
            title: t('messages.orderStatus.title', { orderNumber: facts.orderNumber }),
            // A status this app has no words for yet is left for the order's own page to show.
            text: shop.exists(statusKey) ? t('messages.orderStatus.text', { status: shopT(statusKey) }) : t('messages.orderStatus.textUnknown'),
          };
        }
        case 'payment_settled': {
          const amount = formatCurrency(facts.amount, paymentCurrency(facts.currency, currency));
          return { title: t(`messages.paymentSettled.${facts.status}.title`), text: t(`messages.paymentSettled.${facts.status}.text`, { amount }) };
        }
        case 'reward_granted': {
          const { unit, programName } = facts;
          return {
            title: t(`messages.rewardGranted.${facts.reward}`, { title: facts.title }),
            text: t('messages.rewardGranted.text', { context: unit, count: facts.points, amount: amountOf(facts.points, unit, currency), programName }),
          };
        }
        case 'level_reached':
          return {
            title: t('messages.levelReached.title', { levelName: facts.levelName }),
            text: t('messages.levelReached.text', { levelName: facts.levelName, programName: facts.programName }),
          };
        case 'points_expiring': {
          const { unit, programName } = facts;
          return {
            title: t('messages.pointsExpiring.title', { context: unit, count: facts.points, amount: amountOf(facts.points, unit, currency) }),
            text: t('messages.pointsExpiring.text', { programName, date: dates.day(facts.expiresAt) }),
          };
        }
        case 'voucher_expiring':
          return {
            title: t('messages.voucherExpiring.title', { voucherName: facts.voucherName }),
            text: t('messages.voucherExpiring.text', { date: dates.day(facts.expiresAt) }),
          };
        case 'target_reached':
          return {
            title: t('messages.targetReached.title', { name: facts.targetName }),
            text: t('messages.rewardGranted.text', { context: facts.unit, count: facts.points, amount: amountOf(facts.points, facts.unit, currency), programName: facts.programName }),
          };
        case 'mission_completed': {
          const { reward } = facts;
          return {
            title: t('messages.missionCompleted.title', { name: facts.missionName }),
            text:
              reward.type === 'points'
                ? t('messages.rewardGranted.text', { context: reward.unit, count: reward.points, amount: amountOf(reward.points, reward.unit, currency), programName: facts.programName })
                : t('messages.missionCompleted.voucher', { count: reward.vouchers, voucherName: reward.voucherName }),
          };
        }
        case 'perk_reviewed': {
          const { unit, programName, points } = facts;
          // Worded as the push about it is (the server's push texts), so both say the same.
          if (facts.decision === 'rejected') {
            return {
              title: t('messages.perkReviewed.rejected', { title: facts.perkTitle }),
              text: facts.note === null ? t('messages.perkReviewed.rejectedText') : t('messages.perkReviewed.note', { note: facts.note }),
            };
          }
          return {
            title: t('messages.perkReviewed.approved', { title: facts.perkTitle }),
            text:
              points === null
                ? t('messages.perkReviewed.approvedText')
                : t('messages.rewardGranted.text', { context: unit, count: points, amount: amountOf(points, unit, currency), programName }),
          };
        }
        case 'receipt_reviewed': {
          const { unit, programName, points } = facts;
          if (facts.decision === 'rejected') {
            return {
              title: t('messages.receiptReviewed.rejected'),
              text: facts.note === null ? t('messages.receiptReviewed.rejectedText') : t('messages.receiptReviewed.note', { note: facts.note }),
            };
          }
          return {
            title: t('messages.receiptReviewed.approved'),
            text:
              points === null || points === 0
                ? t('messages.receiptReviewed.approvedText')
                : t('messages.rewardGranted.text', { context: unit, count: points, amount: amountOf(points, unit, currency), programName }),
          };
        }
        case 'referral_reward': {
          const { unit, programName } = facts;
          // Worded as the push about it is (the server's push texts), so both say the same.
          const name = facts.otherName === null ? t('messages.referralReward.someone') : t('messages.transferReceived.sender', { name: facts.otherName });
          return {
            title: t(`messages.referralReward.${facts.role === 'friend' ? 'friend' : facts.friendState}`, { name }),
            text: t('messages.rewardGranted.text', { context: unit, count: facts.points, amount: amountOf(facts.points, unit, currency), programName }),
          };
        }
      }
    },
    [t, shopT, shop, currency, dates],
  );
}
