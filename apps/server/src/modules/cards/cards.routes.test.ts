import { describe, expect, it } from 'vitest';
import { cardDetailSchema, cardListAnswerSchema, errorBodySchema, type CardView } from '@kartu/contracts';
import { demoProgramIds } from '../../seed/seed-cards.ts';
import { type TestApp, useTestApp } from '../../test/test-app.ts';

import { earn } from '../ledger/points.service.ts';
import { newMember, type TestMember } from '../../test/members.ts';
import { setProgramCardArt } from '../programs/programs.service.ts';
import { cardArtView, storedTestImage } from '../media/media.test-support.ts';
import { newCard, newProgram, send } from './cards.test-support.ts';
import { DAY_MS } from '@kartu/core/calendar';

let testApp: TestApp;
let merchantId: number;
useTestApp((made) => ({ testApp, merchantId } = made));

async function list(member: TestMember, query = '') {
  const response = await send(testApp, 'GET', `/api/v2/cards${query}`, { member });
  expect(response.statusCode).toBe(200);
  return cardListAnswerSchema.parse(response.json());
}

async function idsIn(member: TestMember, view: CardView) {
  return (await list(member, `?view=${view}`)).data.map((card) => card.id).sort();
}

async function detail(member: TestMember, cardId: string) {
  const response = await send(testApp, 'GET', `/api/v2/cards/${cardId}`, { member });
  expect(response.statusCode).toBe(200);
  return cardDetailSchema.parse(response.json());
}

function expectCardNotFound(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(404);
  expect(errorBodySchema.parse(response.json()).code).toBe('CARD_NOT_FOUND');
}

describe('GET /api/v2/cards', () => {
  it("lists only the member's cards, 10 a page, newest first, with the count of the whole view", async () => {
    const member = await newMember(testApp);
    const stranger = await newMember(testApp);
    const program = await newProgram(testApp, merchantId);
    const issued = [];
    for (let index = 0; index < 12; index += 1) issued.push(await newCard(testApp, { merchantId, programId: program.id, owner: member }));
    const strangersCard = await newCard(testApp, { merchantId, programId: program.id, owner: stranger });

    const first = await list(member);
    const second = await list(member, '?page=2');
    expect(first).toMatchObject({ page: 1, count: 12 });
    expect(first.data).toHaveLength(10);
    expect(second).toMatchObject({ page: 2, count: 12 });
    expect(second.data).toHaveLength(2);
    // A page past the end is empty and still counts the view; a member without cards counts none.
    expect(await list(member, '?page=3')).toEqual({ data: [], page: 3, count: 12 });
    expect(await list(await newMember(testApp))).toEqual({ data: [], page: 1, count: 0 });
    const seen = [...first.data, ...second.data].map((card) => card.id);
    expect([...seen].sort()).toEqual(issued.map((card) => card.id).sort());
    expect(seen).not.toContain(strangersCard.id);
    // Newest first: the last card issued leads the first page.
    expect(first.data[0]?.id).toBe(issued.at(-1)?.id);
    expect(first.data[0]).toMatchObject({ no: issued.at(-1)?.number, programName: 'Test Points', programType: 'points', balance: { amount: 0, unit: 'POINT' } });
  });

  it('refuses a visitor without a session', async () => {
    expect((await send(testApp, 'GET', '/api/v2/cards')).statusCode).toBe(401);
  });
});

describe('card actions', () => {
  it('moves a card between the active, hidden and archived views', async () => {
    const member = await newMember(testApp);
    const program = await newProgram(testApp, merchantId);
    const card = await newCard(testApp, { merchantId, programId: program.id, owner: member });
    const act = async (action: string) => (await send(testApp, 'POST', `/api/v2/cards/${card.id}/${action}`, { member })).statusCode;

    expect(await idsIn(member, 'active')).toEqual([card.id]);
    expect(await act('hide')).toBe(204);
    expect([await idsIn(member, 'active'), await idsIn(member, 'hidden'), await idsIn(member, 'archived')]).toEqual([[], [card.id], []]);
    expect(await act('archive')).toBe(204);
    expect([await idsIn(member, 'active'), await idsIn(member, 'hidden'), await idsIn(member, 'archived')]).toEqual([[], [], [card.id]]);
    expect(await act('unarchive')).toBe(204);
    expect(await idsIn(member, 'hidden')).toEqual([card.id]);
    expect(await act('unhide')).toBe(204);
    expect(await idsIn(member, 'active')).toEqual([card.id]);
    expect((await detail(member, card.id))).toMatchObject({ hidden: false, archived: false });
  });

  it("answers 404 CARD_NOT_FOUND for another member's card on every card endpoint", async () => {
    const owner = await newMember(testApp);
    const other = await newMember(testApp);
    const program = await newProgram(testApp, merchantId);
    const card = await newCard(testApp, { merchantId, programId: program.id, owner });
    expectCardNotFound(await send(testApp, 'GET', `/api/v2/cards/${card.id}`, { member: other }));
    for (const action of ['hide', 'unhide', 'archive', 'unarchive']) {
      expectCardNotFound(await send(testApp, 'POST', `/api/v2/cards/${card.id}/${action}`, { member: other }));
    }
    expectCardNotFound(await send(testApp, 'PUT', `/api/v2/cards/${card.id}/registration`, { member: other, body: { answers: { name: 'Eve' } } }));
    expect((await list(other)).count).toBe(0);
    expect((await detail(owner, card.id)).hidden).toBe(false);
  });
});

describe('GET /api/v2/cards/:id', () => {
  it('answers the card page: balance without expired value, expiring value soonest first, and the merchant', async () => {
    const member = await newMember(testApp);
    const program = await newProgram(testApp, merchantId, { visualAttributes: { showTransactionHistory: true }, menus: [{ key: 'transaction-history', label: 'History' }] });
    const card = await newCard(testApp, { merchantId, programId: program.id, owner: member });
    // Posted 40 and 20 days ago under 30-day expiry: the first 100 points have expired.
    const start = new Date(testApp.clock.now().getTime() - 40 * DAY_MS);
    await earn({ db: testApp.db, merchantId, card, amount: 100n, now: start });
    await earn({ db: testApp.db, merchantId, card, amount: 5n, now: new Date(start.getTime() + 25 * DAY_MS) });
    await earn({ db: testApp.db, merchantId, card, amount: 20n, now: new Date(start.getTime() + 20 * DAY_MS) });

    const shown = await detail(member, card.id);
    expect(shown).toMatchObject({
      id: card.id,
      no: card.number,
      isCardActive: true,
      programType: 'points',
      cardProgram: { programId: program.id, programName: 'Test Points' },
      merchant: { brand: 'Kopi Senja', id: merchantId, countryCode: 'ID' },
      customer: { id: member.userId },
      visualAttributes: { showTransactionHistory: true },
      menus: ['transaction-history'],
      currency: { code: 'IDR', symbol: 'Rp', decimalDigits: 0 },
      isBalanceStamps: false,
      subscription: null,
      levels: [],
      claimableRewards: 0,
      registration: { required: false, completed: true, form: [] },
    });
    const expiresAt = (days: number) => new Date(start.getTime() + days * DAY_MS).toISOString();
    expect(shown.balance).toEqual({
      amount: 25,
      unit: 'POINT',
      expiring: [
        { amount: 20, expiresAt: expiresAt(50) },
        { amount: 5, expiresAt: expiresAt(55) },
      ],
    });
    expect(shown.levelProgress.lifetimeExperience).toBe(125);
    expect((await list(member)).data.map((item) => item.balance.amount)).toEqual([25]);
  });

  it("shows the program's card art on the card page, and none once it is taken away", async () => {
    const member = await newMember(testApp);
    const program = await newProgram(testApp, merchantId);
    const card = await newCard(testApp, { merchantId, programId: program.id, owner: member });
    expect((await detail(member, card.id)).cardProgram.cardArt).toBeNull();
    const image = await storedTestImage(testApp, { merchantId });
    await setProgramCardArt({ db: testApp.db, merchantId, programId: program.id, imageId: image.id });
    expect((await detail(member, card.id)).cardProgram.cardArt).toEqual(cardArtView(image.id));
    await setProgramCardArt({ db: testApp.db, merchantId, programId: program.id, imageId: null });
    expect((await detail(member, card.id)).cardProgram.cardArt).toBeNull();
  });

  it("shows the level the card's lifetime earnings reach and the way to the next one", async () => {
    const member = await newMember(testApp);
    const program = await newProgram(testApp, merchantId, {}, [
      { name: 'Bronze', color: '#B87333', rank: 1, experience: 0n },
      { name: 'Silver', color: null, rank: 2, experience: 500n },
      { name: 'Gold', color: '#D4AF37', rank: 3, experience: 2000n },
    ]);
    const card = await newCard(testApp, { merchantId, programId: program.id, owner: member });
    await earn({ db: testApp.db, merchantId, card, amount: 800n, now: testApp.clock.now() });

    const { levels, levelProgress } = await detail(member, card.id);
    expect(levels.map((level) => [level.name, level.isActive])).toEqual([
      ['Bronze', false],
      ['Silver', true],
      ['Gold', false],
    ]);
    // A level without its own colour takes the default colour of its position.
    expect(levels[1]?.color).toMatch(/^#[0-9A-F]{6}$/i);
    expect(levelProgress).toMatchObject({ lifetimeExperience: 800, current: { name: 'Silver' }, next: { name: 'Gold', experience: 2000 } });
    expect(levelProgress.progress).toBeCloseTo(0.2);
    const listed = (await list(member)).data.find((item) => item.id === card.id);
    expect(listed?.level?.name).toBe('Silver');
    expect(listed?.balance.amount).toBe(800);
  });

  it('keeps a lower level when most earnings are older than the 365-day retention period', async () => {
    const member = await newMember(testApp);
    const program = await newProgram(testApp, merchantId, { expiryPolicy: 'none', expiryDays: null }, [
      { name: 'Bronze', color: null, rank: 1, experience: 0n, retentionExperience: null },
      { name: 'Silver', color: null, rank: 2, experience: 500n, retentionExperience: 100n },
      { name: 'Gold', color: null, rank: 3, experience: 2000n, retentionExperience: 1000n },
      { name: 'Platinum', color: null, rank: 4, experience: 5000n, retentionExperience: 2000n },
    ]);
    const card = await newCard(testApp, { merchantId, programId: program.id, owner: member });
    const now = testApp.clock.now();
    await earn({ db: testApp.db, merchantId, card, amount: 2500n, now: new Date(now.getTime() - 400 * DAY_MS) });
    await earn({ db: testApp.db, merchantId, card, amount: 300n, now: new Date(now.getTime() - 30 * DAY_MS) });

    // Gold is reached (2800 lifetime) but not kept (300 of 1000 in the period): Silver is current.
    const { levels, levelProgress } = await detail(member, card.id);
    expect(levels.filter((level) => level.isActive).map((level) => level.name)).toEqual(['Silver']);
    expect(levelProgress).toMatchObject({
      lifetimeExperience: 2800,
      earnedInRetentionPeriod: 300,
      retentionPeriodDays: 365,
      current: { name: 'Silver', retentionExperience: 100 },
      next: { name: 'Platinum' },
    });
    // Progress to the next level stays on lifetime earnings: 800 of the 3000 from Gold to Platinum.
    expect(levelProgress.progress).toBeCloseTo(0.8 / 3);
    const listed = (await list(member)).data.find((item) => item.id === card.id);
    expect(listed?.level?.name).toBe('Silver');
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const member = await newMember(testApp);
    expect((await send(testApp, 'GET', '/api/v2/cards/NOT-A-CARD', { member })).statusCode).toBe(400);
    expectCardNotFound(await send(testApp, 'GET', `/api/v2/cards/${'x'.repeat(24)}`, { member }));
  });
});

describe('PUT /api/v2/cards/:id/registration', () => {
  it("checks the answers against the program's form and marks the card registered", async () => {
    const member = await newMember(testApp);
    const card = await newCard(testApp, { merchantId, programId: demoProgramIds.kopiSenjaRewards, owner: member });
    const register = (answers: Record<string, string>) => send(testApp, 'PUT', `/api/v2/cards/${card.id}/registration`, { member, body: { answers } });

    expect((await detail(member, card.id)).registration).toMatchObject({ required: true, completed: false });
    const empty = await register({});
    expect(empty.statusCode).toBe(400);
    expect(errorBodySchema.parse(empty.json()).details).toEqual([
      { field: 'body.answers.name', rule: 'required', message: 'Please fill the Name.' },
      { field: 'body.answers.birthday', rule: 'required', message: 'Please fill the Birthday.' },
    ]);
    const malformed = await register({ name: 'Sari', birthday: '1999-02-30', email: 'sari@' });
    expect(errorBodySchema.parse(malformed.json()).details?.map((issue) => [issue.field, issue.rule])).toEqual([
      ['body.answers.birthday', 'invalid_format'],
      ['body.answers.email', 'invalid_format'],
    ]);

    expect((await register({ name: ' Sari Dewi ', birthday: '1999-02-28', nickname: 'ignored' })).statusCode).toBe(204);
    const { registration } = await detail(member, card.id);
    expect(registration.completed).toBe(true);
    expect(registration.form.map((field) => [field.name, field.label, field.type, field.required])).toEqual([
      ['name', 'Name', 'text', true],
      ['birthday', 'Birthday', 'date', true],
      ['email', 'Email', 'email', false],
    ]);
  });
});
