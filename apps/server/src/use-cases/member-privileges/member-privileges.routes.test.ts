import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  errorBodySchema,
  inboxPageSchema,
  integrationPrivilegeAnswerSchema,
  integrationSurveyAnswerAnswerSchema,
  integrationSurveyAnswerListSchema,
  privilegeAnswerDetailSchema,
  privilegeAnswerListSchema,
  privilegeClaimAnswerSchema,
  privilegeDetailAnswerSchema,
  privilegeListAnswerSchema,
  type IntegrationPrivilegeBody,
  type Privilege,
} from '@kartu/contracts';
import { DAY_MS } from '@kartu/core';
import { kartuOn } from '../../cli/cli.test-support.ts';
import { createApiKey } from '../../integration/api-keys.service.ts';
import { callIntegration } from '../../integration/integration.test-support.ts';
import { memberWithCard, newProgram, send, type CardMember } from '../../modules/cards/cards.test-support.ts';
import { lockFeature, unlockFeature } from '../../modules/features/features.service.ts';
import { jobs } from '../../modules/jobs/jobs.table.ts';
import { getBalance } from '../../modules/ledger/ledger.service.ts';
import { createMission } from '../../modules/missions/missions.service.ts';
import { surveyAnswers } from '../../modules/privileges/privileges.table.ts';
import { createVoucherTemplate } from '../../modules/vouchers/vouchers.service.ts';
import { vouchers } from '../../modules/vouchers/vouchers.table.ts';
import { useTestApp, type TestApp } from '../../test/test-app.ts';
import { settleMemberMissions } from '../mission-progress/mission-progress.ts';

let testApp: TestApp;
let merchantId: number;
useTestApp((made) => ({ testApp, merchantId } = made));

const codeOf = (response: { json(): unknown }) => errorBodySchema.parse(response.json()).code;

async function setup() {
  const program = await newProgram(testApp, merchantId, { name: `Perks ${randomUUID().slice(0, 6)}`, expiryPolicy: 'none', expiryDays: null });
  const member = await memberWithCard(testApp, { merchantId, programId: program.id });
  const template = await createVoucherTemplate(testApp.db, { merchantId, programId: program.id, name: 'Free croissant', usableAt: 'in_store', validityDays: 30 });
  const { key } = await createApiKey({ db: testApp.db, merchantId, name: 'Back office' });
  const makePerk = async (body: Omit<IntegrationPrivilegeBody, 'programId' | 'subscribersOnly'> & { subscribersOnly?: boolean }) => {
    const answer = await callIntegration(testApp, 'POST', '/perks', { key, body: { programId: program.id, ...body } });
    expect(answer.statusCode, answer.body).toBe(201);
    return integrationPrivilegeAnswerSchema.parse(answer.json()).data;
  };
  return { program, member, template, key, makePerk };
}

const survey: Omit<IntegrationPrivilegeBody, 'programId' | 'subscribersOnly'> = {
  kind: 'survey',
  title: 'Taste survey',
  rewardPoints: 50,
  questions: [
    { name: 'favourite', label: 'Favourite drink', type: 'single', required: true, options: ['Kopi Susu', 'Americano'] },
    { name: 'wishes', label: 'Wishes', type: 'multiple', required: false, options: ['Pastries', 'Brunch', 'Workshops'] },
    { name: 'lastVisit', label: 'Last visit', type: 'date', required: true },
    { name: 'comments', label: 'Comments', type: 'text', required: false },
  ],
};

const path = (member: CardMember, rest = '') => `/api/v2/cards/${member.card.id}/privileges${rest}`;
const perksOf = async (member: CardMember): Promise<Privilege[]> => {
  const response = await send(testApp, 'GET', path(member), { member });
  expect(response.statusCode, response.body).toBe(200);
  return privilegeListAnswerSchema.parse(response.json()).data;
};

describe('perks', () => {
  it('gives a voucher perk’s e-vouchers once, however often and however fast it is claimed', async () => {
    const { member, template, makePerk } = await setup();
    const perk = await makePerk({ kind: 'voucher', title: 'Croissant on us', voucher: { templateId: template.id, quantity: 2 } });
    expect((await perksOf(member))[0]).toMatchObject({ id: perk.id, kind: 'voucher', state: 'available', lock: null, voucher: { templateId: template.id, name: 'Free croissant', quantity: 2 }, questions: [], latestAnswer: null });

    const claims = await Promise.all([1, 2, 3].map(() => send(testApp, 'POST', path(member, `/${perk.id}/claim`), { member, body: {} })));
    expect(claims.map((claim) => claim.statusCode).sort()).toEqual([201, 409, 409]);
    const won = claims.find((claim) => claim.statusCode === 201);
    expect(privilegeClaimAnswerSchema.parse(won?.json()).data).toMatchObject({ state: 'claimed', voucherIds: [expect.any(String), expect.any(String)] });
    expect(claims.filter((claim) => claim.statusCode === 409).map(codeOf)).toEqual(['PERK_ALREADY_TAKEN', 'PERK_ALREADY_TAKEN']);
    const given = await testApp.db.select().from(vouchers).where(and(eq(vouchers.userId, member.userId), eq(vouchers.sourceType, 'perk')));
    expect(given).toHaveLength(2);
    const detail = await send(testApp, 'GET', path(member, `/${perk.id}`), { member });
    expect(privilegeDetailAnswerSchema.parse(detail.json()).data.state).toBe('claimed');
  });

  it('shows why a perk is out of reach and refuses it: a level not reached, a membership, paused, ended', async () => {
    const { member, template, key, makePerk } = await setup();
    const noMembership = await makePerk({ kind: 'voucher', title: 'Members only', subscribersOnly: true, voucher: { templateId: template.id, quantity: 1 } });
    const paused = await makePerk({ kind: 'voucher', title: 'Paused', voucher: { templateId: template.id, quantity: 1 } });
    const now = testApp.clock.now();
    const ended = await makePerk({ kind: 'voucher', title: 'Ended', startsAt: new Date(now.getTime() - 10 * DAY_MS).toISOString(), endsAt: new Date(now.getTime() - DAY_MS).toISOString(), voucher: { templateId: template.id, quantity: 1 } });
    await makePerk({ kind: 'voucher', title: 'Not yet', startsAt: new Date(now.getTime() + DAY_MS).toISOString(), voucher: { templateId: template.id, quantity: 1 } });
    expect((await callIntegration(testApp, 'POST', `/perks/${paused.id}/active`, { key, body: { active: false } })).statusCode).toBe(200);

    const states = Object.fromEntries((await perksOf(member)).map((perk) => [perk.title, [perk.state, perk.lock]]));
    expect(states).toEqual({ 'Members only': ['locked', { kind: 'subscription' }], Paused: ['inactive', null], Ended: ['ended', null] });
    const claim = (id: string) => send(testApp, 'POST', path(member, `/${id}/claim`), { member, body: {} });
    expect(await claim(noMembership.id).then((answer) => [answer.statusCode, codeOf(answer)])).toEqual([403, 'PERK_NOT_QUALIFIED']);
    expect(await claim(paused.id).then((answer) => [answer.statusCode, codeOf(answer)])).toEqual([409, 'PERK_NOT_ACTIVE']);
    expect(await claim(ended.id).then((answer) => [answer.statusCode, codeOf(answer)])).toEqual([409, 'PROMOTION_ENDED']);
    expect(codeOf(await claim(randomUUID()))).toBe('PERK_NOT_FOUND');

    // Another member's card, another program's perk, the feature locked.
    const stranger = await memberWithCard(testApp, { merchantId, programId: (await newProgram(testApp, merchantId)).id });
    expect(codeOf(await send(testApp, 'GET', path(member), { member: stranger }))).toBe('CARD_NOT_FOUND');
    expect(codeOf(await send(testApp, 'GET', path(stranger, `/${paused.id}`), { member: stranger }))).toBe('PERK_NOT_FOUND');
    await lockFeature({ db: testApp.db, merchantId, feature: 'privilege', now });
    expect(codeOf(await send(testApp, 'GET', path(member), { member }))).toBe('FEATURE_LOCKED');
    await unlockFeature({ db: testApp.db, merchantId, feature: 'privilege' });
  });

  it('keeps a survey answer for review only when every answer fits its question, and stores nothing otherwise', async () => {
    const { member, makePerk } = await setup();
    const perk = await makePerk(survey);
    const answer = (answers: Record<string, string | string[]>) => send(testApp, 'POST', path(member, `/${perk.id}/answers`), { member, body: { answers } });
    const refused = await answer({ favourite: 'Tea', wishes: ['Pastries', 'Pastries'], lastVisit: '2026-02-30', comments: ['a', 'b'] });
    expect(refused.statusCode).toBe(400);
    expect(errorBodySchema.parse(refused.json()).details?.map((detail) => [detail.field, detail.rule])).toEqual([
      ['body.answers.favourite', 'not_offered'],
      ['body.answers.wishes', 'not_offered'],
      ['body.answers.lastVisit', 'invalid_date'],
      ['body.answers.comments', 'invalid_format'],
    ]);
    const missing = await answer({ wishes: ['Brunch'] });
    expect(errorBodySchema.parse(missing.json()).details?.map((detail) => [detail.field, detail.rule, detail.message])).toEqual([
      ['body.answers.favourite', 'required', 'Please fill the Favourite drink.'],
      ['body.answers.lastVisit', 'required', 'Please fill the Last visit.'],
    ]);
    expect(codeOf(await answer({ favourite: 'Americano', lastVisit: '1899-12-31' }))).toBe('VALIDATION_FAILED');
    expect(await testApp.db.select().from(surveyAnswers).where(eq(surveyAnswers.userId, member.userId))).toEqual([]);

    const kept = await answer({ favourite: ' Americano ', wishes: ['Brunch', 'Workshops'], lastVisit: '2026-01-15', comments: '', unknown: 'dropped' });
    expect(kept.statusCode, kept.body).toBe(201);
    const saved = privilegeAnswerDetailSchema.parse(kept.json()).data;
    expect(saved).toMatchObject({ state: 'pending', answers: { favourite: 'Americano', wishes: ['Brunch', 'Workshops'], lastVisit: '2026-01-15' }, reviewedAt: null, note: null });
    expect(codeOf(await answer({ favourite: 'Americano', lastVisit: '2026-01-15' }))).toBe('PERK_ALREADY_TAKEN');
    expect((await perksOf(member))[0]).toMatchObject({ state: 'answered', latestAnswer: { id: saved.id, state: 'pending' } });
    const listed = privilegeAnswerListSchema.parse((await send(testApp, 'GET', path(member, `/${perk.id}/answers`), { member })).json()).data;
    expect(listed.map((row) => row.id)).toEqual([saved.id]);
    const stranger = await memberWithCard(testApp, { merchantId, programId: member.card.programId });
    expect(codeOf(await send(testApp, 'GET', path(stranger, `/${perk.id}/answers/${saved.id}`), { member: stranger }))).toBe('PERK_ANSWER_NOT_FOUND');
  });

  it('counts a survey answered toward a mission, settled by the job the answer queued', async () => {
    const { member, makePerk } = await setup();
    const perk = await makePerk(survey);
    const now = testApp.clock.now();
    await createMission({
      db: testApp.db,
      merchantId,
      programId: member.card.programId,
      name: 'Have your say',
      description: null,
      startsAt: new Date(now.getTime() - DAY_MS),
      endsAt: new Date(now.getTime() + DAY_MS),
      reward: { kind: 'points', amount: 20n },
      tasks: [{ kind: 'answer_survey', title: 'Answer a survey', description: null, target: 1n, productId: null }],
      now,
    });
    const answered = await send(testApp, 'POST', path(member, `/${perk.id}/answers`), { member, body: { answers: { favourite: 'Americano', lastVisit: '2026-01-15' } } });
    const answerId = privilegeAnswerDetailSchema.parse(answered.json()).data.id;
    expect(await testApp.db.select().from(jobs).where(eq(jobs.key, `missions:survey-answer:${answerId}`))).toHaveLength(1);
    expect(await settleMemberMissions({ db: testApp.db, merchantId, userId: member.userId, now })).toBe(1);
    expect(await getBalance({ db: testApp.db, card: member.card, now })).toBe(20n);
  });

  it('lets the merchant approve an answer, paying its points with an inbox message, or reject it with a note so the member may answer again', async () => {
    const { member, key, makePerk } = await setup();
    const perk = await makePerk(survey);
    const answer = async () => privilegeAnswerDetailSchema.parse((await send(testApp, 'POST', path(member, `/${perk.id}/answers`), { member, body: { answers: { favourite: 'Kopi Susu', lastVisit: '2026-01-15' } } })).json()).data;
    const review = (answerId: string, body: object) => callIntegration(testApp, 'POST', `/perk-answers/${answerId}/review`, { key, body });

    const first = await answer();
    const pending = integrationSurveyAnswerListSchema.parse((await callIntegration(testApp, 'GET', `/perks/${perk.id}/answers?state=pending`, { key })).json()).data;
    expect(pending).toEqual([expect.objectContaining({ id: first.id, cardNumber: member.card.number, state: 'pending' })]);
    expect((await review(first.id, { decision: 'reject' })).statusCode).toBe(400);
    const rejected = await review(first.id, { decision: 'reject', note: 'Please tell us a real visit day' });
    expect(integrationSurveyAnswerAnswerSchema.parse(rejected.json()).data).toMatchObject({ state: 'rejected', note: 'Please tell us a real visit day' });
    expect((await review(first.id, { decision: 'approve' })).statusCode).toBe(409);
    expect((await perksOf(member))[0]?.state).toBe('available');

    const second = await answer();
    expect((await review(second.id, { decision: 'approve' })).statusCode).toBe(200);
    expect(await getBalance({ db: testApp.db, card: member.card, now: testApp.clock.now() })).toBe(50n);
    const detail = privilegeAnswerDetailSchema.parse((await send(testApp, 'GET', path(member, `/${perk.id}/answers/${second.id}`), { member })).json()).data;
    expect(detail).toMatchObject({ state: 'approved', reviewedAt: testApp.clock.now().toISOString() });
    const inbox = inboxPageSchema.parse((await send(testApp, 'GET', '/api/v2/inbox', { member })).json()).data.filter((message) => message.facts.kind === 'perk_reviewed');
    // Both at the test clock's one moment: in either order.
    expect(inbox).toHaveLength(2);
    expect(inbox.map((message) => [message.facts, message.link])).toEqual(expect.arrayContaining([
      [expect.objectContaining({ decision: 'approved', points: 50, note: null, perkTitle: 'Taste survey' }), `/cards/${member.card.id}/privileges/${perk.id}/answers/${second.id}`],
      [expect.objectContaining({ decision: 'rejected', points: null, note: 'Please tell us a real visit day' }), `/cards/${member.card.id}/privileges/${perk.id}/answers/${first.id}`],
    ]));
    expect((await callIntegration(testApp, 'POST', `/perk-answers/${randomUUID()}/review`, { key, body: { decision: 'approve' } })).statusCode).toBe(404);
  });

  it('refuses a perk the integration API cannot make: another merchant’s voucher, a level the program lacks, questions on a voucher perk', async () => {
    const { program, key, template } = await setup();
    const base = { programId: program.id, kind: 'voucher', title: 'T', voucher: { templateId: template.id, quantity: 1 } };
    const cases = [
      [{ ...base, voucher: { templateId: randomUUID(), quantity: 1 } }, 'body.voucher.templateId'],
      [{ ...base, minLevelRank: 9 }, 'body.minLevelRank'],
      [{ ...base, questions: survey.questions }, 'body.questions'],
      [{ ...survey, programId: program.id, questions: [{ name: 'a', label: 'A', type: 'single', required: true }] }, 'body.questions.0.options'],
      [{ ...base, endsAt: '0000-01-01T00:00:00Z' }, 'body.endsAt'],
    ] as const;
    for (const [body, field] of cases) {
      const answer = await callIntegration(testApp, 'POST', '/perks', { key, body });
      expect(answer.statusCode, `${field}: ${answer.body}`).toBe(400);
      expect(errorBodySchema.parse(answer.json()).details?.map((detail) => detail.field)).toContain(field);
    }
    expect((await callIntegration(testApp, 'POST', '/perks', { key, body: { ...base, programId: randomUUID() } })).statusCode).toBe(404);
  });
});

describe('perks from the command line', () => {
  it('adds a survey perk from a JSON file, lists it and its answers, and reviews one', async () => {
    const { member } = await setup();
    const kartu = kartuOn(() => testApp);
    const file = join(await mkdtemp(join(tmpdir(), 'kartu-perks-')), 'perk.json');
    await writeFile(file, JSON.stringify({ ...survey, startsAt: new Date(testApp.clock.now().getTime() - DAY_MS).toISOString() }));
    const added = await kartu('perks', 'add', '--program', member.card.programId, '--file', file);
    expect(added.code, added.error).toBe(0);
    const id = /Perk ([0-9a-f-]{36}) added/.exec(added.out)?.[1] ?? '';
    expect((await kartu('perks', 'list', '--merchant', 'KOPISENJA')).out).toContain(`${id}  program ${member.card.programId}  survey  "Taste survey"`);
    await writeFile(file, JSON.stringify({ kind: 'survey', title: 'No questions' }));
    expect((await kartu('perks', 'add', '--program', member.card.programId, '--file', file)).code).toBe(2);

    const answered = await send(testApp, 'POST', path(member, `/${id}/answers`), { member, body: { answers: { favourite: 'Americano', lastVisit: '2026-01-15' } } });
    const answerId = privilegeAnswerDetailSchema.parse(answered.json()).data.id;
    expect((await kartu('perks', 'answers', '--merchant', 'KOPISENJA', '--id', id, '--state', 'pending')).out).toContain(`${answerId}  pending  card ${member.card.number}`);
    expect((await kartu('perks', 'review', '--merchant', 'KOPISENJA', '--answer', answerId, '--reject')).code).toBe(2);
    const reviewed = await kartu('perks', 'review', '--merchant', 'KOPISENJA', '--answer', answerId, '--approve');
    expect(reviewed.out, reviewed.error).toBe(`Answer ${answerId} approved.`);
    expect((await kartu('perks', 'review', '--merchant', 'KOPISENJA', '--answer', answerId, '--approve')).code).not.toBe(0);
  });
});

