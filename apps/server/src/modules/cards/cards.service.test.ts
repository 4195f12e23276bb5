import { describe, expect, it } from 'vitest';
import { type TestApp, merchantIdOf, useTestApp } from '../../test/test-app.ts';
import { newMember } from '../../test/members.ts';
import { programWithCards } from '../ledger/ledger.test-support.ts';
import { activationCodeMatches } from './activation-code.ts';
import { clearFailedAddCards, isAddCardLocked, recordFailedAddCard } from './add-card-lock.service.ts';
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
  it('locks adding cards for 24 hours on the third wrong card number or code', async () => {
    const { userId } = await newMember(testApp);
    const lock = { db: testApp.db, merchantId, userId };
    expect(await recordFailedAddCard({ ...lock, now })).toEqual({ locked: false, lockedUntil: null, attemptsRemaining: 2 });
    expect(await recordFailedAddCard({ ...lock, now: hours(1) })).toMatchObject({ locked: false, attemptsRemaining: 1 });
    expect(await recordFailedAddCard({ ...lock, now: hours(2) })).toEqual({ locked: true, lockedUntil: hours(26), attemptsRemaining: 0 });
    expect(await isAddCardLocked({ ...lock, now: hours(25) })).toMatchObject({ locked: true, lockedUntil: hours(26) });
    // Tries while locked do not move the end of the lock.
    expect(await recordFailedAddCard({ ...lock, now: hours(25) })).toMatchObject({ locked: true, lockedUntil: hours(26) });
    expect(await isAddCardLocked({ ...lock, now: hours(26) })).toEqual({ locked: false, lockedUntil: null, attemptsRemaining: 3 });
    expect(await recordFailedAddCard({ ...lock, now: hours(27) })).toMatchObject({ locked: false, attemptsRemaining: 2 });
  });

  it('forgets wrong tries after a card is added', async () => {
    const { userId } = await newMember(testApp);
    const lock = { db: testApp.db, merchantId, userId };
    await recordFailedAddCard({ ...lock, now });
    await recordFailedAddCard({ ...lock, now });
    await clearFailedAddCards(lock);
    expect(await isAddCardLocked({ ...lock, now })).toMatchObject({ locked: false, attemptsRemaining: 3 });
  });

  it('counts racing wrong tries one by one: exactly one of them sets the lock', async () => {
    const { userId } = await newMember(testApp);
    const results = await Promise.all(Array.from({ length: 8 }, () => recordFailedAddCard({ db: testApp.db, merchantId, userId, now })));
    expect(results.filter((result) => !result.locked).map((result) => result.attemptsRemaining).sort()).toEqual([1, 2]);
    expect(results.filter((result) => result.locked)).toHaveLength(6);
    expect(new Set(results.flatMap((result) => (result.lockedUntil ? [result.lockedUntil.getTime()] : [])))).toEqual(new Set([hours(24).getTime()]));
  });
});
