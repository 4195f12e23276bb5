import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { getProgram } from '../programs/programs.service.ts';
import { hashActivationCode } from './activation-code.ts';
import { generateCardId, generateCardNumber } from './card-number.ts';
import { findCard, findCardByNumber, insertCardUnlessTaken } from './cards.repository.ts';
import type { CardRow, CardStatus } from './cards.table.ts';

export interface IssueCardOptions {
  db: Database;
  merchantId: number;
  programId: string;
  /** The code printed with the card; hashed with `activationCodeKey` before it is stored. */
  activationCode?: string;
  activationCodeKey?: string;
  status?: CardStatus;
  validTill?: string | null;
  ownerUserId?: string | null;
}

// Ten draws from 10^15 numbers only all collide when the space is nearly full.
const maxNumberDraws = 10;

/** Issues a card of a program with a fresh number: not in any wallet until a member adds it. */
export async function issueCard({
  db,
  merchantId,
  programId,
  activationCode,
  activationCodeKey,
  status = 'active',
  validTill = null,
  ownerUserId = null,
}: IssueCardOptions): Promise<CardRow> {
  const { program } = await getProgram({ db, merchantId, programId });
  if (activationCode !== undefined && !activationCodeKey) throw new Error('An activation code needs the activation code key');
  if (program.requiresActivationCode && activationCode === undefined) {
    throw new AppError('UNPROCESSABLE', { message: 'This program needs an activation code for each card' });
  }
  const activationCodeHash = activationCode !== undefined && activationCodeKey ? hashActivationCode(activationCode, activationCodeKey) : null;
  for (let draw = 0; draw < maxNumberDraws; draw += 1) {
    const card = await insertCardUnlessTaken(db, {
      id: generateCardId(),
      number: generateCardNumber(),
      merchantId,
      programId,
      activationCodeHash,
      status,
      validTill,
      ownerUserId,
    });
    if (card) return card;
  }
  throw new Error('No free card number was found');
}

/** A card of the merchant; another merchant's card is not found rather than forbidden. */
export async function getCard({ db, merchantId, cardId }: { db: Database; merchantId: number; cardId: string }): Promise<CardRow> {
  const card = /^[0-9a-z]{24}$/.test(cardId) ? await findCard(db, { merchantId, cardId }) : undefined;
  if (!card) throw new AppError('CARD_NOT_FOUND');
  return card;
}

/** The card a member typed: spaces of the grouped display are ignored. */
export async function getCardByNumber({ db, merchantId, number }: { db: Database; merchantId: number; number: string }): Promise<CardRow> {
  const digits = number.replace(/\s/g, '');
  const card = /^\d{16}$/.test(digits) ? await findCardByNumber(db, { merchantId, number: digits }) : undefined;
  if (!card) throw new AppError('CARD_NOT_FOUND');
  return card;
}
