import { toJsonNumber } from '../../lib/json-number.ts';
import { leaveMessage } from '../inbox/inbox.service.ts';
import { runPaymentEffect, type PaymentEffectInput, type PaymentEffects } from './payment-effects.ts';
import { paymentReturnPath } from './payment-return.ts';

// A cancelled payment is told by what cancelled it (the order's move), so the member hears of it once.
const toldStatuses = ['paid', 'failed', 'expired'] as const;

/** The member is told in their inbox, on the page of what the payment was for, else the payment's own page. */
async function tellMember(effects: PaymentEffects, { tx, intent, now }: PaymentEffectInput): Promise<void> {
  const status = toldStatuses.find((told) => told === intent.status);
  if (!status) return;
  const page = await effects[intent.subjectType]?.memberPage?.({ db: tx, intent });
  await leaveMessage(tx, {
    merchantId: intent.merchantId,
    userId: intent.userId,
    cardId: page?.cardId ?? null,
    facts: { kind: 'payment_settled', status, amount: toJsonNumber(intent.amountMinor), currency: intent.currency },
    link: page?.path ?? paymentReturnPath(intent.id),
    now,
  });
}

/** What follows a move of an intent, in the transaction that made it: its subject's effect and, once it settled, its member's message. */
export async function paymentMoved(effects: PaymentEffects, input: PaymentEffectInput): Promise<void> {
  await runPaymentEffect(effects, input);
  await tellMember(effects, input);
}
