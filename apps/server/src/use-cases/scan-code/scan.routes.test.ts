import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { earnCodeAnswerSchema, errorBodySchema, scanResponseSchema, uniqueCodeBatchAnswerSchema, uniqueCodeBatchListSchema, uniqueCodeClaimResponseSchema, type ScanAnswer } from '@kartu/contracts';
import { HOUR_MS, MINUTE_MS } from '@kartu/core/calendar';
import { withAmount } from '@kartu/core/qris';
import { kartuOn } from '../../cli/cli.test-support.ts';
import { createApiKey } from '../../integration/api-keys.service.ts';
import { callIntegration } from '../../integration/integration.test-support.ts';
import { memberWithCard, newProgram, send, type CardMember } from '../../modules/cards/cards.test-support.ts';
import { jobs } from '../../modules/jobs/jobs.table.ts';
import { getBalance } from '../../modules/ledger/ledger.service.ts';
import { earnCodeKeyFor } from '../../modules/scan/earn-codes.service.ts';
import { hashUniqueCode, uniqueCodeKeyFor } from '../../modules/unique-codes/unique-codes.service.ts';
import { uniqueCodes } from '../../modules/unique-codes/unique-codes.table.ts';
import { lockUniqueCode } from '../../modules/unique-codes/unique-codes.service.ts';
import { demoBatchIds, demoUniqueCodes } from '../../seed/seed-scanning.ts';
import { warungQris } from '../../test/qris.test-support.ts';
import { useTestApp, type TestApp } from '../../test/test-app.ts';
import { payDueUniqueCodes, payUniqueCodeClaim } from './claim-unique-code.ts';

let testApp: TestApp;
let merchantId: number;
useTestApp((made) => ({ testApp, merchantId } = made));

const codeOf = (response: { json(): unknown }) => errorBodySchema.parse(response.json()).code;
const errorOf = (response: { json(): unknown }) => errorBodySchema.parse(response.json());

async function setup() {
  // 1 point for every Rp 1,000.
  const program = await newProgram(testApp, merchantId, { name: `Scan ${randomUUID().slice(0, 6)}`, expiryPolicy: 'none', expiryDays: null, earnRateNumerator: 1n, earnRateDenominator: 1000n });
  const member = await memberWithCard(testApp, { merchantId, programId: program.id });
  const other = await memberWithCard(testApp, { merchantId, programId: program.id });
  const { key } = await createApiKey({ db: testApp.db, merchantId, name: 'Till' });
  return { program, member, other, key };
}

async function scan(member: CardMember, code: string, cardId: string | undefined = member.card.id) {
  return send(testApp, 'POST', '/api/qr/scan', { member, body: { code, ...(cardId && { cardId }) } });
}

async function scanned(member: CardMember, code: string): Promise<ScanAnswer> {
  const response = await scan(member, code);
  expect(response.statusCode, response.body).toBe(200);
  return scanResponseSchema.parse(response.json()).data;
}

const balanceOf = (member: CardMember) => getBalance({ db: testApp.db, card: member.card, now: testApp.clock.now() });

const staticQris = warungQris;

describe('the scanner', () => {
  it('reads a card number, plain or as its add-card link, without claiming anything', async () => {
    const { member } = await setup();
    expect(await scanned(member, '1234567812345678')).toEqual({ kind: 'card', cardNumber: '1234567812345678' });
    expect(await scanned(member, 'https://kopi.example/cards/add/8765432187654321')).toEqual({ kind: 'card', cardNumber: '8765432187654321' });
  });

  it('reads a QRIS: a static one asks for the amount, a dynamic one carries it, and above Rp 2,000,000 or broken it is refused', async () => {
    const { member } = await setup();
    expect(await scanned(member, staticQris)).toEqual({ kind: 'qris', qris: { merchantName: 'WARUNG BU SARI', merchantCity: 'BANDUNG', amount: null, qris: staticQris } });
    const dynamic = withAmount(staticQris, 25_000n);
    expect(await scanned(member, dynamic)).toMatchObject({ kind: 'qris', qris: { amount: 25_000, qris: dynamic } });
    expect(await scanned(member, withAmount(staticQris, 2_000_000n))).toMatchObject({ kind: 'qris', qris: { amount: 2_000_000 } });

    const tooMuch = await scan(member, withAmount(staticQris, 2_000_001n));
    expect([tooMuch.statusCode, codeOf(tooMuch)]).toEqual([422, 'QRIS_AMOUNT_TOO_HIGH']);
    const broken = await scan(member, `${staticQris.slice(0, -4)}0000`);
    expect([broken.statusCode, codeOf(broken)]).toEqual([400, 'QRIS_UNRECOGNISED']);
  });

  it('counts unknown codes and locks scanning for an hour at the fifth, for that member only', async () => {
    const { member, other } = await setup();
    for (const left of [4, 3, 2, 1]) {
      const wrong = await scan(member, `not a code ${left}`);
      expect([wrong.statusCode, errorOf(wrong).code, errorOf(wrong).attemptsRemaining]).toEqual([400, 'QR_INVALID', left]);
    }
    const locking = await scan(member, 'KE1.forged.signature');
    expect([locking.statusCode, codeOf(locking), errorOf(locking).lockedByScan]).toEqual([429, 'QR_LOCKED', true]);
    expect(new Date(errorOf(locking).lockedUntil ?? 0).getTime()).toBe(testApp.clock.now().getTime() + 60 * MINUTE_MS);
    // While locked nothing is read, not even a card.
    const card = await scan(member, '1234567812345678');
    expect([card.statusCode, codeOf(card)]).toEqual([429, 'QR_LOCKED']);
    expect((await scan(other, 'not a code')).statusCode).toBe(400);

    testApp.clock.advance(60 * MINUTE_MS);
    expect(await scanned(member, '1234567812345678')).toMatchObject({ kind: 'card' });
  });

  it('refuses a stranger’s card id as not found', async () => {
    const { member, other } = await setup();
    const response = await scan(member, '1234567812345678', other.card.id);
    expect([response.statusCode, codeOf(response)]).toEqual([404, 'CARD_NOT_FOUND']);
  });

  it('refuses malformed input with a 400 and a code', async () => {
    const { member } = await setup();
    for (const body of [{}, { code: '' }, { code: 'x'.repeat(2001) }, { code: 12 }, { code: '1234567812345678', cardId: '../../x' }]) {
      const response = await send(testApp, 'POST', '/api/qr/scan', { member, body });
      expect([response.statusCode, codeOf(response)]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await send(testApp, 'POST', '/api/qr/scan', { body: { code: 'x' } })).statusCode).toBe(401);
  });
});

describe('scan to earn', () => {
  async function earnCode(key: string, body: Record<string, unknown>) {
    const response = await callIntegration(testApp, 'POST', '/earn-codes', { key, body });
    expect(response.statusCode, response.body).toBe(201);
    return earnCodeAnswerSchema.parse(response.json()).data;
  }

  it('earns once on the scanning member’s card: the till sees the code claimed, a second scan is refused', async () => {
    const { program, member, other, key } = await setup();
    const code = await earnCode(key, { programId: program.id, amount: 125_000, billNumber: `T-${randomUUID()}` });
    expect(code).toMatchObject({ status: 'open', earned: null, amount: 125_000 });
    expect(code.qrText).toMatch(/^KE1\.[\w-]{22}\.[\w-]{22}$/);
    expect(code.qrText).not.toContain('125');

    expect(await scanned(member, code.qrText)).toEqual({ kind: 'earn', earn: { cardId: member.card.id, programName: program.name, unit: 'POINT', earned: 125, balance: 125 } });
    expect(await balanceOf(member)).toBe(125n);
    const again = await scan(other, code.qrText);
    expect([again.statusCode, codeOf(again)]).toEqual([409, 'CODE_ALREADY_USED']);
    expect(await balanceOf(other)).toBe(0n);

    const status = await callIntegration(testApp, 'GET', `/earn-codes/${code.id}`, { key });
    expect(earnCodeAnswerSchema.parse(status.json()).data).toMatchObject({ status: 'claimed', earned: 125 });
    // The bill is the till's: it cannot be reported again.
    const purchase = await callIntegration(testApp, 'POST', '/purchases', { key, body: { cardNumber: other.card.number, amount: 1000, billNumber: code.billNumber } });
    expect(purchase.statusCode).toBe(409);
  });

  it('opened by the phone’s camera as a link to the scanner, the code is read from the link', async () => {
    const { program, member, key } = await setup();
    const code = await earnCode(key, { programId: program.id, amount: 10_000, billNumber: `T-${randomUUID()}` });
    expect(await scanned(member, `https://kopi.example/qrcode-scanner?code=${encodeURIComponent(code.qrText)}`)).toMatchObject({ kind: 'earn', earn: { earned: 10 } });
  });

  it('refuses an expired code, a forged or edited one, another merchant’s, and a member without a card of its program', async () => {
    const { program, member, key } = await setup();
    const expiring = await earnCode(key, { programId: program.id, amount: 10_000, billNumber: `T-${randomUUID()}`, expiresInSeconds: 30 });
    testApp.clock.advance(30_000);
    const expired = await scan(member, expiring.qrText);
    expect([expired.statusCode, codeOf(expired)]).toEqual([422, 'CODE_EXPIRED']);
    expect(earnCodeAnswerSchema.parse((await callIntegration(testApp, 'GET', `/earn-codes/${expiring.id}`, { key })).json()).data.status).toBe('expired');

    const code = await earnCode(key, { programId: program.id, amount: 10_000, billNumber: `T-${randomUUID()}` });
    const [prefix, id, signature] = code.qrText.split('.');
    const otherId = Buffer.from(randomUUID().replaceAll('-', ''), 'hex').toString('base64url');
    for (const forged of [`${prefix}.${otherId}.${signature}`, `${prefix}.${id}.${'A'.repeat(22)}`, `${prefix}.${id}`]) {
      const response = await scan(member, forged);
      expect([response.statusCode, codeOf(response)]).toEqual([400, 'QR_INVALID']);
    }

    const stranger = await memberWithCard(testApp, { merchantId, programId: (await newProgram(testApp, merchantId, { name: 'Another program' })).id });
    const wrongProgram = await scan(stranger, code.qrText);
    expect([wrongProgram.statusCode, codeOf(wrongProgram)]).toEqual([422, 'CODE_WRONG_PROGRAM']);
    expect(await scanned(member, code.qrText)).toMatchObject({ kind: 'earn' });
  });

  it('refuses a bill reported before, another merchant’s program and a lifetime outside 30 s to 15 min', async () => {
    const { program, member, key } = await setup();
    const billNumber = `T-${randomUUID()}`;
    expect((await callIntegration(testApp, 'POST', '/purchases', { key, body: { cardNumber: member.card.number, amount: 1000, billNumber } })).statusCode).toBe(201);
    const reported = await callIntegration(testApp, 'POST', '/earn-codes', { key, body: { programId: program.id, amount: 1000, billNumber } });
    expect([reported.statusCode, codeOf(reported)]).toEqual([409, 'CONFLICT']);
    const twice = `T-${randomUUID()}`;
    await earnCode(key, { programId: program.id, amount: 1000, billNumber: twice });
    expect((await callIntegration(testApp, 'POST', '/earn-codes', { key, body: { programId: program.id, amount: 1000, billNumber: twice } })).statusCode).toBe(409);
    expect((await callIntegration(testApp, 'POST', '/earn-codes', { key, body: { programId: randomUUID(), amount: 1000, billNumber: `T-${randomUUID()}` } })).statusCode).toBe(404);
    for (const expiresInSeconds of [29, 901]) {
      const response = await callIntegration(testApp, 'POST', '/earn-codes', { key, body: { programId: program.id, amount: 1000, billNumber: `T-${randomUUID()}`, expiresInSeconds } });
      expect([response.statusCode, codeOf(response)]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await callIntegration(testApp, 'GET', `/earn-codes/${randomUUID()}`, { key })).statusCode).toBe(404);
  });
});

describe('printed codes', () => {
  const kartu = kartuOn(() => testApp, {
    get uniqueCodeKey() {
      return uniqueCodeKeyFor(testApp.env.CODE_SECRET);
    },
    get earnCodeKey() {
      return earnCodeKeyFor(testApp.env.CODE_SECRET);
    },
  });

  async function batch(programId: string, { count = 5, points = 40, delay, starts, ends }: { count?: number; points?: number; delay?: number; starts?: Date; ends?: Date } = {}) {
    const file = join(await mkdtemp(join(tmpdir(), 'codes-')), 'codes.csv');
    const now = testApp.clock.now();
    const run = await kartu(
      'codes', 'generate', '--program', programId, '--name', 'Bottle caps', '--points', String(points), '--count', String(count), '--out', file,
      '--starts', (starts ?? new Date(now.getTime() - HOUR_MS)).toISOString(), '--ends', (ends ?? new Date(now.getTime() + 30 * 24 * HOUR_MS)).toISOString(),
      ...(delay === undefined ? [] : ['--delay', String(delay)]),
    );
    expect(run.code, run.error).toBe(0);
    const batchId = /Batch (\S+)/.exec(run.out)?.[1] ?? '';
    const codes = (await readFile(file, 'utf8')).trim().split('\n').slice(1);
    return { batchId, codes };
  }

  const claim = (member: CardMember, code: string) => send(testApp, 'POST', `/api/v2/cards/${member.card.id}/unique-codes`, { member, body: { code } });

  it('keeps only hashes, and a typed code earns its points once, whatever its case or dashes', async () => {
    const { program, member, other } = await setup();
    const { codes } = await batch(program.id, { count: 3 });
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJ-NP-Z]{13}$/);
    expect(await testApp.db.select().from(uniqueCodes).where(inArray(uniqueCodes.codeHash, codes))).toEqual([]);
    expect(await testApp.db.select().from(uniqueCodes).where(inArray(uniqueCodes.codeHash, codes.map((code) => hashUniqueCode(code, uniqueCodeKeyFor(testApp.env.CODE_SECRET)))))).toHaveLength(3);

    const [first = ''] = codes;
    const typed = `${first.slice(0, 4).toLowerCase()}-${first.slice(4)}`;
    const response = await claim(member, typed);
    expect(response.statusCode, response.body).toBe(201);
    expect(uniqueCodeClaimResponseSchema.parse(response.json()).data).toMatchObject({ cardId: member.card.id, points: 40, status: 'success', programName: program.name });
    expect(await balanceOf(member)).toBe(40n);

    for (const who of [member, other]) {
      const again = await claim(who, first);
      expect([again.statusCode, codeOf(again)]).toEqual([409, 'CODE_ALREADY_USED']);
    }
    expect(await balanceOf(other)).toBe(0n);
  });

  it('locks claiming for 24 hours on the third wrong code; a real code does not count', async () => {
    const { program, member } = await setup();
    const { codes } = await batch(program.id, { count: 1 });
    for (const left of [2, 1]) {
      const wrong = await claim(member, `WRONG${left}CODE22`);
      expect([wrong.statusCode, errorOf(wrong).code, errorOf(wrong).attemptsRemaining]).toEqual([400, 'CODE_INVALID', left]);
    }
    const locking = await claim(member, 'WRONG3CODE222');
    expect([locking.statusCode, codeOf(locking), errorOf(locking).lockedByScan]).toEqual([429, 'CODE_LOCKED', true]);
    const right = await claim(member, codes[0] ?? '');
    expect([right.statusCode, codeOf(right)]).toEqual([429, 'CODE_LOCKED']);
    testApp.clock.advance(24 * HOUR_MS);
    expect((await claim(member, codes[0] ?? '')).statusCode).toBe(201);
  });

  it('says why a real code cannot be claimed: suspended, not started, ended, another program', async () => {
    const { program, member, key } = await setup();
    const now = testApp.clock.now();
    const { batchId, codes } = await batch(program.id, { count: 2 });
    const suspended = await callIntegration(testApp, 'POST', `/unique-code-batches/${batchId}/status`, { key, body: { status: 'suspended' } });
    expect(uniqueCodeBatchAnswerSchema.parse(suspended.json()).data).toMatchObject({ status: 'suspended', count: 2, claimed: 0 });
    const refused = await claim(member, codes[0] ?? '');
    expect([refused.statusCode, codeOf(refused)]).toEqual([422, 'CODE_SUSPENDED']);
    await callIntegration(testApp, 'POST', `/unique-code-batches/${batchId}/status`, { key, body: { status: 'active' } });
    expect((await claim(member, codes[0] ?? '')).statusCode).toBe(201);
    const list = uniqueCodeBatchListSchema.parse((await callIntegration(testApp, 'GET', '/unique-code-batches', { key })).json()).data;
    expect(list.find((entry) => entry.id === batchId)).toMatchObject({ claimed: 1, count: 2 });

    const later = await batch(program.id, { count: 1, starts: new Date(now.getTime() + HOUR_MS) });
    expect(codeOf(await claim(member, later.codes[0] ?? ''))).toBe('CODE_INACTIVE');
    const ended = await batch(program.id, { count: 1, starts: new Date(now.getTime() - 2 * HOUR_MS), ends: new Date(now.getTime() - HOUR_MS) });
    expect(codeOf(await claim(member, ended.codes[0] ?? ''))).toBe('CODE_EXPIRED');
    const stranger = await memberWithCard(testApp, { merchantId, programId: (await newProgram(testApp, merchantId, { name: 'Another program' })).id });
    const wrongProgram = await claim(stranger, codes[1] ?? '');
    expect([wrongProgram.statusCode, codeOf(wrongProgram)]).toEqual([422, 'CODE_WRONG_PROGRAM']);
    // None of these counted as wrong.
    expect(errorOf(await claim(member, 'NOSUCHCODE222')).attemptsRemaining).toBe(2);
  });

  it('a batch with a delay answers pending, and pays once at its time, by its job or the sweep', async () => {
    const { program, member } = await setup();
    const { codes } = await batch(program.id, { count: 2, delay: 24 });
    const response = await claim(member, codes[0] ?? '');
    const pending = uniqueCodeClaimResponseSchema.parse(response.json()).data;
    expect(pending).toMatchObject({ status: 'pending', rewardAt: new Date(testApp.clock.now().getTime() + 24 * HOUR_MS).toISOString() });
    expect(await balanceOf(member)).toBe(0n);
    const [job] = await testApp.db.select().from(jobs).where(and(eq(jobs.name, 'pay-unique-code'), eq(jobs.key, `unique-code:${pending.id}`)));
    expect(job?.runAt.toISOString()).toBe(pending.rewardAt);

    testApp.clock.advance(24 * HOUR_MS);
    expect(await payUniqueCodeClaim({ db: testApp.db, claimId: pending.id, now: testApp.clock.now() })).toBe(true);
    expect(await payUniqueCodeClaim({ db: testApp.db, claimId: pending.id, now: testApp.clock.now() })).toBe(false);
    expect(await balanceOf(member)).toBe(40n);

    // Scanned rather than typed: the same claim, read by the scanner.
    const scannedClaim = await scanned(member, codes[1] ?? '');
    expect(scannedClaim).toMatchObject({ kind: 'unique_code', claim: { status: 'pending' } });
    testApp.clock.advance(24 * HOUR_MS);
    expect(await payDueUniqueCodes({ db: testApp.db, now: testApp.clock.now() })).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(member)).toBe(80n);
  });

  it('seeds the demo’s printed codes under the server’s key, as the README names them', async () => {
    const key = uniqueCodeKeyFor(testApp.env.CODE_SECRET);
    for (const batch of ['coldBrewCaps', 'festivalCups', 'oldCaps'] as const) {
      for (const code of demoUniqueCodes[batch]) {
        const found = await lockUniqueCode({ db: testApp.db, merchantId, code: code.toLowerCase(), key });
        expect(found?.batch.id).toBe(demoBatchIds[batch]);
      }
    }
  });

  it('the operator commands list, suspend and resume batches, and make a till’s earn code', async () => {
    const { program, member } = await setup();
    const { batchId } = await batch(program.id, { count: 1 });
    expect((await kartu('codes', 'list', '--merchant', 'KOPISENJA')).out).toContain(batchId);
    expect((await kartu('codes', 'suspend', '--merchant', 'KOPISENJA', '--id', batchId)).out).toContain('suspended');
    expect((await kartu('codes', 'resume', '--merchant', 'KOPISENJA', '--id', batchId)).out).toContain('active');
    expect((await kartu('codes', 'suspend', '--merchant', 'KOPISENJA', '--id', randomUUID())).code).toBe(1);
    const bad = await kartu('codes', 'generate', '--program', program.id, '--name', 'x', '--points', '0', '--count', '1', '--ends', '2030-01-01T00:00:00Z', '--out', '/tmp/never.csv');
    expect(bad.code).toBe(2);

    const till = await kartu('codes', 'earn', '--program', program.id, '--amount', '50000', '--bill', `CLI-${randomUUID()}`);
    expect(till.code, till.error).toBe(0);
    expect(await scanned(member, till.out.trim())).toMatchObject({ kind: 'earn', earn: { earned: 50 } });
  });
});
