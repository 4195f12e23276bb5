import { describe, expect, it } from 'vitest';
import { cardPreviewSchema, errorBodySchema, registerCardAnswerSchema, rewardListAnswerSchema } from '@kartu/contracts';
import { demoActivationCode, demoCardNumbers, demoProgramIds } from '../../seed/seed-cards.ts';
import { type TestApp, useTestApp } from '../../test/test-app.ts';

import { newMember, type TestMember } from '../../test/members.ts';
import { setProgramCardArt } from '../programs/programs.service.ts';
import { cardArtView, storedTestImage } from '../media/media.test-support.ts';
import { newCard, newProgram, send } from './cards.test-support.ts';

let testApp: TestApp;
let merchantId: number;
const hourMs = 60 * 60 * 1000;
useTestApp((made) => ({ testApp, merchantId } = made));

const checkNumber = (member: TestMember, number: string) => send(testApp, 'POST', '/api/v2/cards/check-number', { member, body: { number } });
const findByNumber = (member: TestMember, number: string) => send(testApp, 'GET', `/api/v2/cards/find-by-number/${number}`, { member });
const checkPin = (member: TestMember, number: string, activationCode: string) =>
  send(testApp, 'POST', '/api/v2/cards/check-pin', { member, body: { number, activationCode } });
const register = (member: TestMember, number: string, activationCode?: string) =>
  send(testApp, 'POST', '/api/v2/cards/register', { member, body: { number, ...(activationCode && { activationCode }) } });

function errorOf(response: { json(): unknown }) {
  return errorBodySchema.parse(response.json());
}

async function freeCard(options: { activationCode?: string } = {}) {
  const program = await newProgram(testApp, merchantId, { name: 'Add Card Points' });
  return newCard(testApp, { merchantId, programId: program.id, ...options });
}

describe('finding a card to add', () => {
  it('previews an issued card by its number, by path and by body', async () => {
    const member = await newMember(testApp);
    const card = await freeCard();
    for (const response of [await checkNumber(member, card.number), await findByNumber(member, card.number)]) {
      expect(response.statusCode).toBe(200);
      expect(cardPreviewSchema.parse(response.json())).toEqual({
        number: card.number,
        brand: 'Kopi Senja',
        programName: 'Add Card Points',
        iconUrl: null,
        cardArt: null,
        requiresActivationCode: false,
      });
    }
  });

  it("shows the program's card art in the preview", async () => {
    const member = await newMember(testApp);
    const card = await freeCard();
    const image = await storedTestImage(testApp, { merchantId });
    await setProgramCardArt({ db: testApp.db, merchantId, programId: card.programId, imageId: image.id });
    expect(cardPreviewSchema.parse((await checkNumber(member, card.number)).json()).cardArt).toEqual(cardArtView(image.id));
  });

  it('tells a card already in the wallet from one of another member, without counting either', async () => {
    const member = await newMember(testApp);
    const other = await newMember(testApp);
    const program = await newProgram(testApp, merchantId);
    const own = await newCard(testApp, { merchantId, programId: program.id, owner: member });
    const taken = await newCard(testApp, { merchantId, programId: program.id, owner: other });

    const inWallet = await checkNumber(member, own.number);
    expect([inWallet.statusCode, errorOf(inWallet)]).toMatchObject([409, { code: 'CARD_IN_WALLET', message: 'Card is already in your wallet' }]);
    const ofAnother = await register(member, taken.number);
    expect([ofAnother.statusCode, errorOf(ofAnother)]).toMatchObject([409, { code: 'CARD_TAKEN', message: 'Card is already associate with another user' }]);
    const unknown = await checkNumber(member, '4111111111111111');
    expect(errorOf(unknown)).toMatchObject({ code: 'CARD_NOT_FOUND', attemptsRemaining: 2 });
  });

  it("locks adding cards for 24 hours after 3 wrong numbers, another merchant's card counting as wrong", async () => {
    const member = await newMember(testApp);
    const card = await freeCard();
    const first = await checkNumber(member, '4111111111111111');
    expect([first.statusCode, errorOf(first)]).toMatchObject([404, { code: 'CARD_NOT_FOUND', attemptsRemaining: 2 }]);
    // A Lumina Beauty card is unknown at Kopi Senja.
    const second = await findByNumber(member, demoCardNumbers.luminaFree[0]);
    expect([second.statusCode, errorOf(second)]).toMatchObject([404, { code: 'CARD_NOT_FOUND', attemptsRemaining: 1 }]);
    const third = await register(member, '4111111111111111');
    const lockedUntil = new Date(testApp.clock.now().getTime() + 24 * hourMs).toISOString();
    expect([third.statusCode, errorOf(third)]).toMatchObject([429, { code: 'ADD_CARD_LOCKED', lockedUntil, currentTime: testApp.clock.now().toISOString() }]);

    testApp.clock.advance(23 * hourMs);
    for (const response of [await checkNumber(member, card.number), await findByNumber(member, card.number), await checkPin(member, card.number, '0000'), await register(member, card.number)]) {
      expect([response.statusCode, errorOf(response)]).toMatchObject([429, { code: 'ADD_CARD_LOCKED', lockedUntil }]);
    }
    testApp.clock.advance(hourMs);
    expect((await register(member, card.number)).statusCode).toBe(201);
  });

  it('keeps the lock of one member away from another', async () => {
    const member = await newMember(testApp);
    const other = await newMember(testApp);
    for (let attempt = 0; attempt < 3; attempt += 1) await checkNumber(member, '4111111111111111');
    expect((await checkNumber(member, '4111111111111111')).statusCode).toBe(429);
    expect(errorOf(await checkNumber(other, '4111111111111111'))).toMatchObject({ code: 'CARD_NOT_FOUND', attemptsRemaining: 2 });
  });
});

describe('activation codes', () => {
  it('checks the code, counts wrong ones, and requires it to register', async () => {
    const member = await newMember(testApp);
    const card = await freeCard({ activationCode: 'K7Q2' });
    expect(cardPreviewSchema.parse((await checkNumber(member, card.number)).json()).requiresActivationCode).toBe(true);

    const wrong = await checkPin(member, card.number, 'AAAA');
    expect([wrong.statusCode, errorOf(wrong)]).toMatchObject([400, { code: 'ACTIVATION_CODE_INVALID', attemptsRemaining: 2 }]);
    const right = await checkPin(member, card.number, 'k7q2');
    expect([right.statusCode, right.json()]).toEqual([200, { valid: true }]);
    const missing = await register(member, card.number);
    expect(errorOf(missing)).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'body.activationCode', rule: 'required' }] });
    expect(errorOf(await register(member, card.number, 'BBBB'))).toMatchObject({ code: 'ACTIVATION_CODE_INVALID', attemptsRemaining: 1 });

    expect((await register(member, card.number, 'K7Q2')).statusCode).toBe(201);
    // Adding a card forgets the wrong tries before it.
    expect(errorOf(await checkNumber(member, '4111111111111111'))).toMatchObject({ attemptsRemaining: 2 });
  });
});

describe('POST /api/v2/cards/register', () => {
  it("adds the card to the wallet and grants the program's welcome reward", async () => {
    const member = await newMember(testApp);
    const card = await newCard(testApp, { merchantId, programId: demoProgramIds.kopiSenjaRewards });
    const response = await register(member, card.number);
    expect(response.statusCode).toBe(201);
    const { cardId } = registerCardAnswerSchema.parse(response.json());
    expect(cardId).toBe(card.id);

    const rewards = rewardListAnswerSchema.parse((await send(testApp, 'GET', `/api/v2/cards/${cardId}/rewards`, { member })).json()).data;
    expect(rewards).toMatchObject([{ kind: 'welcome', title: 'Welcome bonus', amount: 50, unit: 'POINT', status: 'claimable', claimedAt: null }]);
    expect(errorOf(await register(member, card.number)).code).toBe('CARD_IN_WALLET');
  });

  it('gives a card raced for by two members to exactly one of them', async () => {
    const [first, second] = [await newMember(testApp), await newMember(testApp)];
    const card = await freeCard();
    const answers = await Promise.all([register(first, card.number), register(second, card.number)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const loser = answers.find((answer) => answer.statusCode === 409);
    expect(loser && errorOf(loser).code).toBe('CARD_TAKEN');
    const winner = answers[0]?.statusCode === 201 ? first : second;
    expect((await send(testApp, 'GET', `/api/v2/cards/${card.id}`, { member: winner })).statusCode).toBe(200);
  });

  it('refuses a visitor without a session', async () => {
    expect((await send(testApp, 'POST', '/api/v2/cards/register', { body: { number: '4111111111111111' } })).statusCode).toBe(401);
  });
});

describe('the demo cards', () => {
  it('accepts the published activation code of the seeded demo card', async () => {
    const member = await newMember(testApp);
    const checked = await checkPin(member, demoActivationCode.number, demoActivationCode.code);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ valid: true });
  });
});
