import { describe, expect, it } from 'vitest';
import { type TestApp, merchantIdOf, useTestApp } from '../../test/test-app.ts';
import { newMember } from '../../test/members.ts';
import { programWithCards } from '../ledger/ledger.test-support.ts';
import { activationCodeMatches } from './activation-code.ts';
import { AppError } from '../../lib/app-error.ts';
import { activeLockUntil, clearAttempts, countWrongAttempt } from '../attempts/attempt-lock.service.ts';
import { addCardAttemptKey, addCardLock } from './add-card.service.ts';
import { hasValidCheckDigit } from './card-number.ts';
import { getCardByNumber, issueCard } from './cards.service.ts';
import { getCard } from '../card-access/card-access.service.ts';

let testApp: TestApp;
let merchantId: number;
const now = new Date('2025-04-01T08:00:00Z');
const hours = (count: number) => new Date(now.getTime() + count * 60 * 60 * 1000);
useTestApp((made) => ({ testApp, merchantId } = made));

describe('issueCard', () => {
  it('issues unique 16-digit Luhn numbers and 24-character ids, outside any wallet', async () => {
    const { cards } = await programWithCards(testApp.db, { merchantId, cards: 20 });
    expect(new Set(cards.map((card) => card.number)).size).toBe(20);
    for (const card of cards) {
      expect(card.number).toMatch(/^\d{16}$/);
      expect(hasValidCheckDigit(card.number)).toBe(true);
      expect(card.id).toMatch(/^[0-9a-z]{24}$/);
      expect(card).toMatchObject({ status: 'active', ownerUserId: null, hidden: false, archived: false });
    }
  });

  it('stores only a keyed hash of the activation code, and insists on one when the program needs it', async () => {
    const { program } = await programWithCards(testApp.db, { merchantId, cards: 0, program: { requiresActivationCode: true } });
    await expect(issueCard({ db: testApp.db, merchantId, programId: program.id })).rejects.toMatchObject({ code: 'UNPROCESSABLE' });
    const card = await issueCard({ db: testApp.db, merchantId, programId: program.id, activationCode: 'K7Q2', activationCodeKey: 'secret' });
    expect(card.activationCodeHash).not.toContain('K7Q2');
    expect(activationCodeMatches('k7q2', card.activationCodeHash ?? '', 'secret')).toBe(true);
  });
});

describe('getCard', () => {
  it("finds the merchant's card by id or typed number, and no other merchant's", async () => {
    const { cards } = await programWithCards(testApp.db, { merchantId, cards: 1 });
    const card = cards[0];
    if (!card) throw new Error('no card');
    expect((await getCard({ db: testApp.db, merchantId, cardId: card.id })).number).toBe(card.number);
    const grouped = card.number.replace(/(\d{4})(?=\d)/g, '$1 ');
    expect((await getCardByNumber({ db: testApp.db, merchantId, number: grouped })).id).toBe(card.id);
    const lumina = await merchantIdOf(testApp.db, 'LUMINABEAUTY');
    await expect(getCard({ db: testApp.db, merchantId: lumina, cardId: card.id })).rejects.toMatchObject({ code: 'CARD_NOT_FOUND', statusCode: 404 });
    await expect(getCardByNumber({ db: testApp.db, merchantId: lumina, number: card.number })).rejects.toMatchObject({ code: 'CARD_NOT_FOUND' });
    await expect(getCard({ db: testApp.db, merchantId, cardId: 'NOT-AN-ID' })).rejects.toMatchObject({ code: 'CARD_NOT_FOUND' });
  });
});

describe('add-card lock', () => {
  /** One wrong try, as the add-card steps count it: the tries left, or the lock it ran into. */
  async function wrongTry({ userId, at }: { userId: string; at: Date }): Promise<{ locked: boolean; lockedUntil: Date | null; attemptsRemaining: number }> {
    try {
      const attemptsRemaining = await countWrongAttempt({ db: testApp.db, key: addCardAttemptKey({ merchantId, userId }), now: at, ...addCardLock });
      return { locked: false, lockedUntil: null, attemptsRemaining };
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'ADD_CARD_LOCKED') throw error;
      return { locked: true, lockedUntil: error.lockedUntil ?? null, attemptsRemaining: 0 };
    }
  }
  const lockedUntil = (userId: string, at: Date) => activeLockUntil({ db: testApp.db, merchantId, keys: [addCardAttemptKey({ merchantId, userId })], now: at });

  it('locks adding cards for 24 hours on the third wrong card number or code', async () => {
    const { userId } = await newMember(testApp);
    expect(await wrongTry({ userId, at: now })).toEqual({ locked: false, lockedUntil: null, attemptsRemaining: 2 });
    expect(await wrongTry({ userId, at: hours(1) })).toMatchObject({ locked: false, attemptsRemaining: 1 });
    expect(await wrongTry({ userId, at: hours(2) })).toEqual({ locked: true, lockedUntil: hours(26), attemptsRemaining: 0 });
    expect(await lockedUntil(userId, hours(25))).toEqual(hours(26));
    // Tries while locked do not move the end of the lock.
    expect(await wrongTry({ userId, at: hours(25) })).toMatchObject({ locked: true, lockedUntil: hours(26) });
    expect(await lockedUntil(userId, hours(26))).toBeNull();
    expect(await wrongTry({ userId, at: hours(27) })).toMatchObject({ locked: false, attemptsRemaining: 2 });
  });

  it('forgets wrong tries after a card is added', async () => {
    const { userId } = await newMember(testApp);
    await wrongTry({ userId, at: now });
    await wrongTry({ userId, at: now });
    await clearAttempts(testApp.db, addCardAttemptKey({ merchantId, userId }));
    expect(await wrongTry({ userId, at: now })).toMatchObject({ locked: false, attemptsRemaining: 2 });
  });

  it('counts racing wrong tries one by one: exactly one of them sets the lock', async () => {
    const { userId } = await newMember(testApp);
    const results = await Promise.all(Array.from({ length: 8 }, () => wrongTry({ userId, at: now })));
    expect(results.filter((result) => !result.locked).map((result) => result.attemptsRemaining).sort()).toEqual([1, 2]);
    expect(results.filter((result) => result.locked)).toHaveLength(6);
    expect(new Set(results.flatMap((result) => (result.lockedUntil ? [result.lockedUntil.getTime()] : [])))).toEqual(new Set([hours(24).getTime()]));
  });
});
