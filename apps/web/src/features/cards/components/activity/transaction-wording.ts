import { useCallback } from 'react';
import type { BalanceUnit, ReversedTransactionFacts, Transaction, TransactionFacts } from '@kartu/contracts';
import { paths } from '../../../../config/paths.ts';
import { useTranslation, type TFunction } from '../../../../lib/i18n.tsx';
import { useSite } from '../../../../lib/site.tsx';
import { counterpartyName } from './transaction-kind.ts';

/** One named fact of a movement's detail; `href` makes its value a link. */
export interface TransactionDetailLine {
  label: string;
  value: string;
  href?: string;
}

export interface TransactionWording {
  title: string;
  /** The line under the title in the history: what the merchant named or wrote, else the reference. */
  subtitle: string | null;
  /** The detail page's facts beside the type, time and status every movement has. */
  details: TransactionDetailLine[];
}

type Facts = TransactionFacts | ReversedTransactionFacts;

interface WordingContext {
  t: TFunction;
  brand: string;
  cardId: string;
  unit: BalanceUnit;
  counterparty: Transaction['counterparty'];
}

const orderReference = /^order:/;

function orderLine({ t, cardId }: WordingContext, orderId: string | null, orderNumber: string | null): TransactionDetailLine[] {
  if (!orderId && !orderNumber) return [];
  const value = orderNumber ?? t('activity.facts.seeOrder');
  return [orderId ? { label: t('activity.detail.order'), value, href: paths.cardOrder.href({ cardId, orderId }) } : { label: t('activity.detail.order'), value }];
}

/** A line of the detail when the fact is known. */
function line(label: string, value: string | null): TransactionDetailLine[] {
  return value ? [{ label, value }] : [];
}

/** The words of a movement's facts; a reversal words what it undid with the same words. */
function wordEntry(facts: Facts, context: WordingContext): TransactionWording {
  const { t, brand, unit } = context;
  const name = counterpartyName(context);
  switch (facts.kind) {
    case 'purchase':
      return { title: t('activity.facts.purchase', { place: brand }), subtitle: facts.billNumber, details: line(t('activity.detail.billNumber'), facts.billNumber) };
    case 'reward':
      return {
        title: facts.reward ? t(`activity.facts.rewardOf.${facts.reward}`) : t('activity.facts.reward'),
        subtitle: facts.title,
        details: line(t('activity.detail.reward'), facts.title),
      };
    case 'gift_card_loaded':
      return { title: t('activity.facts.giftCardLoaded'), subtitle: facts.name, details: line(t('activity.detail.giftCard'), facts.name) };
    case 'earned':
      return { title: t('activity.facts.earned', { context: unit }), subtitle: facts.note, details: line(t('activity.detail.description'), facts.note) };
    case 'order_payment':
      return {
        title: facts.orderNumber ? t('activity.facts.orderPayment', { orderNumber: facts.orderNumber }) : t('activity.facts.orderPaymentUnknown'),
        subtitle: null,
        details: orderLine(context, facts.orderId, facts.orderNumber),
      };
    case 'gift_card_charge':
      return {
        title: facts.outletName ? t('activity.facts.giftCardCharge', { outlet: facts.outletName }) : t('activity.facts.giftCardChargeUnknown'),
        subtitle: null,
        details: line(t('activity.detail.outlet'), facts.outletName),
      };
    case 'redeemed':
      return { title: t('activity.facts.redeemed', { context: unit }), subtitle: facts.note, details: line(t('activity.detail.description'), facts.note) };
    case 'transfer_sent':
      return { title: name === null ? t('activity.kind.transferOutUnknown') : t('activity.kind.transferOut', { name }), subtitle: null, details: [] };
    case 'transfer_received':
      return { title: name === null ? t('activity.kind.transferInUnknown') : t('activity.kind.transferIn', { name }), subtitle: null, details: [] };
    case 'expiry':
      return { title: t('activity.facts.expiry', { context: unit }), subtitle: null, details: [] };
    case 'adjustment':
      return { title: t('activity.facts.adjustment', { merchant: brand }), subtitle: facts.reason, details: line(t('activity.detail.reason'), facts.reason) };
    case 'order_refund': {
      const outcome = facts.status ? t(`activity.facts.refundStatus.${facts.status}`) : null;
      return {
        title: facts.orderNumber ? t('activity.facts.orderRefund', { orderNumber: facts.orderNumber }) : t('activity.facts.orderRefundUnknown'),
        subtitle: outcome,
        details: [...orderLine(context, facts.orderId, facts.orderNumber), ...line(t('activity.detail.reason'), outcome)],
      };
    }
    case 'reversal': {
      const reversed = facts.reversed ? wordEntry(facts.reversed, context) : null;
      const reason = line(t('activity.detail.reason'), facts.reason);
      // The reason for the reversal, not the reason of what it undid (an adjustment's), when both are known.
      const reversedDetails = (reversed?.details ?? []).filter((detail) => !reason.some((own) => own.label === detail.label));
      return {
        title: reversed ? t('activity.facts.reversal', { what: reversed.title }) : t('activity.facts.reversalUnknown'),
        subtitle: facts.reason ?? reversed?.subtitle ?? null,
        details: [...reversedDetails, ...reason],
      };
    }
  }
}

/**
 * What a movement of the card's history says, in the member's language. The server answers its
 * facts (decision 038); names, titles and reasons a merchant wrote are shown as written, and the
 * reference stands in when the facts leave nothing to say under the title.
 */
export function useTransactionWording(cardId: string): (transaction: Transaction) => TransactionWording {
  const { t } = useTranslation('cards');
  const { merchant } = useSite();
  return useCallback(
    (transaction: Transaction) => {
      const wording = wordEntry(transaction.facts, { t, brand: merchant.brand, cardId, unit: transaction.unit, counterparty: transaction.counterparty });
      // An order's reference (`order:<id>`) is the order line already.
      const reference = transaction.reference && !orderReference.test(transaction.reference) ? transaction.reference : null;
      const shownReference = reference && !wording.details.some((detail) => detail.value === reference) ? reference : null;
      return {
        ...wording,
        subtitle: wording.subtitle ?? reference,
        details: [...wording.details, ...line(t('activity.detail.reference'), shownReference)],
      };
    },
    [t, merchant.brand, cardId],
  );
}
