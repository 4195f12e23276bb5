import { randomInt } from 'node:crypto';
import type { BalanceUnit } from '@kartu/contracts';
import { cardNumberDigits } from '@kartu/core';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { getProgram } from '../programs/programs.service.ts';
import { hashActivationCode } from './activation-code.ts';
import { generateCardId, generateCardNumber } from './card-number.ts';
import { findCardByNumber, findCardsOfMember, insertCardsUnlessTaken } from './cards.repository.ts';
import type { CardRow, CardStatus } from '../card-access/cards.table.ts';

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

function assertIssuable(program: { requiresActivationCode: boolean }, withActivationCodes: boolean): void {
  if (program.requiresActivationCode && !withActivationCodes) {
    throw new AppError('UNPROCESSABLE', { message: 'This program needs an activation code for each card' });
  }
}

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
  assertIssuable(program, activationCode !== undefined);
  const activationCodeHash = activationCode !== undefined && activationCodeKey ? hashActivationCode(activationCode, activationCodeKey) : null;
  for (let draw = 0; draw < maxNumberDraws; draw += 1) {
    const [card] = await insertCardsUnlessTaken(db, [
      { id: generateCardId(), number: generateCardNumber(), merchantId, programId, activationCodeHash, status, validTill, ownerUserId },
    ]);
    if (card) return card;
  }
  throw new Error('No free card number was found');
}

// Printed codes are read aloud and typed: no 0/O or 1/I/L to confuse.
const activationCodeAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const activationCodeLength = 8;

function generateActivationCode(): string {
  let code = '';
  for (let index = 0; index < activationCodeLength; index += 1) code += activationCodeAlphabet[randomInt(activationCodeAlphabet.length)];
  return code;
}

/**
 * Issues `count` unowned cards in one transaction: all of them or none. Activation codes are
 * answered here once; only their keyed hashes are stored.
 */
export async function issueCardBatch({
  db,
  merchantId,
  programId,
  count,
  withActivationCodes,
  activationCodeKey,
}: {
  db: Database;
  merchantId: number;
  programId: string;
  count: number;
  withActivationCodes: boolean;
  activationCodeKey: string;
}): Promise<Array<{ number: string; activationCode?: string }>> {
  const { program } = await getProgram({ db, merchantId, programId });
  assertIssuable(program, withActivationCodes);
  return db.transaction(async (tx) => {
    const issued: Array<{ number: string; activationCode?: string }> = [];
    for (let draw = 0; issued.length < count; draw += 1) {
      if (draw === maxNumberDraws) throw new Error('No free card numbers were found');
      const drafts = Array.from({ length: count - issued.length }, () => ({
        number: generateCardNumber(),
        activationCode: withActivationCodes ? generateActivationCode() : undefined,
      }));
      const saved = await insertCardsUnlessTaken(
        tx,
        drafts.map((draft) => ({
          id: generateCardId(),
          number: draft.number,
          merchantId,
          programId,
          activationCodeHash: draft.activationCode ? hashActivationCode(draft.activationCode, activationCodeKey) : null,
        })),
      );
      const savedNumbers = new Set(saved.map((card) => card.number));
      for (const draft of drafts) {
        if (!savedNumbers.has(draft.number)) continue;
        // A number drawn twice in one round is saved once: keep only its first code.
        savedNumbers.delete(draft.number);
        issued.push(draft.activationCode ? { number: draft.number, activationCode: draft.activationCode } : { number: draft.number });
      }
    }
    return issued;
  });
}

/** The card a member or a till typed (spaces of the grouped display are ignored), if the merchant has it. */
export async function findCardByTypedNumber({ db, merchantId, number }: { db: Database; merchantId: number; number: string }): Promise<CardRow | undefined> {
  const digits = cardNumberDigits(number);
  return digits ? findCardByNumber(db, { merchantId, number: digits }) : undefined;
}

/** findCardByTypedNumber, with CARD_NOT_FOUND when there is no such card. */
export async function getCardByNumber(options: { db: Database; merchantId: number; number: string }): Promise<CardRow> {
  const card = await findCardByTypedNumber(options);
  if (!card) throw new AppError('CARD_NOT_FOUND');
  return card;
}

export interface MemberCardRow {
  card: CardRow;
  programName: string;
  unit: BalanceUnit;
}

/** Every card of a member, whatever its view or state, with its program's name and unit; oldest first. */
export async function listCardsOfMember({ db, merchantId, userId }: { db: Database; merchantId: number; userId: string }): Promise<MemberCardRow[]> {
  return findCardsOfMember(db, { merchantId, userId });
}
