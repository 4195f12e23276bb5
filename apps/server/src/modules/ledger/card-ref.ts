import type { CardStatus } from '@kartu/contracts';
import { AppError } from '../../lib/app-error.ts';

/**
 * What the ledger knows of a card. The caller reads the card, with the ownership rules of its own
 * module (a member's wallet, a merchant's till), and hands this over: the ledger never looks cards up.
 */
export interface CardRef {
  id: string;
  merchantId: number;
  programId: string;
  status: CardStatus;
}

// spec: business-rules §4 — only an active card earns, spends, sends or receives value.
export const valueMovingCardStatus = 'active' satisfies CardStatus;

export function canMoveValue(card: Pick<CardRef, 'status'>): boolean {
  return card.status === valueMovingCardStatus;
}

/** CARD_NOT_ACTIVE unless the card may earn, spend or transfer. */
export function assertCanMoveValue(card: Pick<CardRef, 'status'>): void {
  if (!canMoveValue(card)) throw new AppError('CARD_NOT_ACTIVE');
}

/** A write names the merchant it is made for: another merchant's card is not found, as everywhere. */
export function assertCardOfMerchant(card: Pick<CardRef, 'merchantId'>, merchantId: number): void {
  if (card.merchantId !== merchantId) throw new AppError('CARD_NOT_FOUND');
}
