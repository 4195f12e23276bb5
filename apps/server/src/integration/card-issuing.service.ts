import { randomInt } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { AppError } from '../lib/app-error.ts';
import { findUserByIdentifier } from '../modules/auth/users.repository.ts';
import { hashActivationCode } from '../modules/cards/activation-code.ts';
import { generateCardId, generateCardNumber } from '../modules/cards/card-number.ts';
import { issueCard } from '../modules/cards/cards.service.ts';
import type { CardRow } from '../modules/cards/cards.table.ts';
import { getProgram } from '../modules/programs/programs.service.ts';
import { insertCardsUnlessTaken } from './cards.repository.ts';

// Printed codes are read aloud and typed: no 0/O or 1/I/L to confuse.
const activationCodeAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const activationCodeLength = 8;
// Each draw of 10^15 numbers only collides when the space is nearly full.
const maxDraws = 10;

export function generateActivationCode(): string {
  let code = '';
  for (let index = 0; index < activationCodeLength; index += 1) code += activationCodeAlphabet[randomInt(activationCodeAlphabet.length)];
  return code;
}

/**
 * Issues one card of the merchant's program. When the phone belongs to a member of this merchant
 * the card goes straight into their wallet; otherwise it waits to be added with its number.
 */
export async function issueIntegrationCard({
  db,
  merchantId,
  programId,
  memberPhone,
  activationCode,
  activationCodeKey,
}: {
  db: Database;
  merchantId: number;
  programId: string;
  memberPhone?: string;
  activationCode?: string;
  activationCodeKey: string;
}): Promise<CardRow> {
  const member = memberPhone ? await findUserByIdentifier(db, merchantId, { type: 'phone', value: memberPhone }) : undefined;
  return issueCard({ db, merchantId, programId, activationCode, activationCodeKey, ownerUserId: member?.id ?? null });
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
  if (program.requiresActivationCode && !withActivationCodes) {
    throw new AppError('UNPROCESSABLE', { message: 'This program needs an activation code for each card' });
  }
  return db.transaction(async (tx) => {
    const issued: Array<{ number: string; activationCode?: string }> = [];
    for (let draw = 0; issued.length < count; draw += 1) {
      if (draw === maxDraws) throw new Error('No free card numbers were found');
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
