import type { PaymentSubjectType } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import type { PaymentIntentRow } from './payments.table.ts';

export interface PaymentEffectInput {
  /** The transaction that moves the intent's status: the effect commits with it or not at all. */
  tx: Database;
  /** The intent as it is after the move. */
  intent: PaymentIntentRow;
  now: Date;
}

type Effect = (input: PaymentEffectInput) => Promise<void>;

/** A page of the app about a payment's subject, and the card that subject is on. */
export interface MemberPage {
  path: string;
  cardId: string;
}

export interface PaymentEffect {
  onPaid?: Effect;
  onFailed?: Effect;
  onExpired?: Effect;
  onCancelled?: Effect;
  /** The app page where the member follows this payment (a provider's page sends them back to it), on the card it is for. */
  memberPage?: (input: { db: Database; intent: PaymentIntentRow }) => Promise<MemberPage | null>;
}

/** One effect per subject type; a subject type without one settles with no effect. */
export type PaymentEffects = Partial<Record<PaymentSubjectType, PaymentEffect>>;

const hookOf = {
  paid: 'onPaid',
  failed: 'onFailed',
  expired: 'onExpired',
  cancelled: 'onCancelled',
} as const satisfies Record<string, keyof PaymentEffect>;

export async function runPaymentEffect(effects: PaymentEffects, input: PaymentEffectInput): Promise<void> {
  const { status, subjectType } = input.intent;
  if (!(status in hookOf)) return;
  const hook = effects[subjectType]?.[hookOf[status as keyof typeof hookOf]];
  await hook?.(input);
}
