import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voucherGiftAnswerSchema } from '@kartu/contracts';
import { callIntegration, merchantSetup } from '../integration/integration.test-support.ts';
import { outboxFor } from '../modules/auth/auth.test-support.ts';
import { memberWithCard, memberWithPoints, newProgram, send } from '../modules/cards/cards.test-support.ts';
import { newCatalog } from '../modules/catalog/catalog.test-support.ts';
import { createVoucherTemplate } from '../modules/vouchers/vouchers.service.ts';
import { issueVouchers } from '../modules/vouchers/voucher-issuing.service.ts';
import { createTestApp, merchantIdOf, type TestApp } from '../test/test-app.ts';

/*
 * The stops three requests make through the server's functions (docs/architecture.md): every
 * function entered, in order, while the request runs. A "return" is a step back into a file the
 * request had already left. Run with `npm run walks`; the figures are printed, not asserted.
 */

declare global {
  var __walk: ((stop: string) => void) | undefined;
}

let testApp: TestApp;
let merchantId: number;

beforeAll(async () => {
  testApp = await createTestApp();
  merchantId = await merchantIdOf(testApp.db);
});
afterAll(async () => {
  await testApp.close();
});

async function walk<T>(title: string, run: () => Promise<T>): Promise<T> {
  const stops: string[] = [];
  globalThis.__walk = (stop) => stops.push(stop);
  let answer: T;
  try {
    answer = await run();
  } finally {
    globalThis.__walk = undefined;
  }
  const files = stops.map((stop) => stop.split('#')[0] ?? stop);
  const areaOf = (file: string) => file.split('/').slice(0, file.startsWith('modules/') || file.startsWith('use-cases/') ? 2 : 1).join('/');
  const returnsOf = (sequence: string[]) => {
    const seen = new Set<string>();
    let returns = 0;
    sequence.forEach((item, index) => {
      if (index > 0 && sequence[index - 1] === item) return;
      if (seen.has(item)) returns += 1;
      seen.add(item);
    });
    return returns;
  };
  // The request's own path: the modules, use cases and integration API it goes through, the
  // HTTP edge and the shared helpers (clock, caches, errors) aside.
  const isOwnPath = (file: string) => /^(modules|use-cases|integration)\//.test(file);
  const own = files.filter(isOwnPath);
  console.log(
    [
      `\n${title}`,
      `  everything: stops ${stops.length}, functions ${new Set(stops).size}, files ${new Set(files).size}`,
      `  its own path: stops ${own.length}, functions ${new Set(stops.filter((stop) => isOwnPath(stop))).size}, files ${new Set(own).size}, areas ${new Set(own.map(areaOf)).size}`,
      `  returns: to a file ${returnsOf(own)}, to an area ${returnsOf(own.map(areaOf))}`,
      `  areas in order: ${own.map(areaOf).filter((area, index, all) => index === 0 || all[index - 1] !== area).join(' > ')}`,
    ].join('\n'),
  );
  return answer;
}

describe('request walks', () => {
  it('places an order', async () => {
    const catalog = await newCatalog(testApp, merchantId);
    const member = await memberWithPoints(testApp, { merchantId, programId: catalog.programId, points: 1_000 });
    const body = { items: [{ productId: catalog.products.voucher.id, quantity: 1 }], delivery: { method: 'none' } };
    const placed = await walk('POST /api/v2/cards/{id}/orders', () => send(testApp, 'POST', `/api/v2/cards/${member.card.id}/orders`, { member, body, headers: { 'idempotency-key': randomUUID() } }));
    expect(placed.statusCode, placed.body).toBe(201);
  });

  it('claims a gift', async () => {
    const programId = (await newProgram(testApp, merchantId, { name: 'Walk Friends' })).id;
    const template = await createVoucherTemplate(testApp.db, { merchantId, programId, name: 'Kopi Susu', valueText: '1 Kopi Susu', usableAt: 'in_store', validityDays: 30 });
    const sender = await memberWithCard(testApp, { merchantId, programId, name: 'Budi Santoso' });
    const friend = await memberWithCard(testApp, { merchantId, programId, name: null });
    const [voucher] = await issueVouchers(testApp.db, { merchantId, holder: { userId: sender.userId, cardId: sender.card.id }, source: { type: 'grant', id: randomUUID() }, items: [{ template, quantity: 1 }], now: testApp.clock.now() });
    const created = await send(testApp, 'POST', `/api/v2/vouchers/${voucher?.id}/gifts`, { member: sender, body: { recipientPhone: friend.phone }, headers: { 'idempotency-key': randomUUID() } });
    expect(created.statusCode, created.body).toBe(201);
    const token = voucherGiftAnswerSchema.parse(created.json()).data.linkPath?.replace('/gifts/', '') ?? '';
    const pin = (await outboxFor(testApp, friend.e164)).find((entry) => entry.purpose === 'voucher-gift')?.code ?? '';
    const claimed = await walk('POST /api/v2/gifts/{token}/claim', () => send(testApp, 'POST', `/api/v2/gifts/${token}/claim`, { member: friend, body: { pin } }));
    expect(claimed.statusCode, claimed.body).toBe(200);
  });

  it('records purchases from a till', async () => {
    const kopi = await merchantSetup(testApp, { cards: 1 });
    const cardNumber = kopi.cards[0]?.number;
    const purchase = (billNumber: string) => callIntegration(testApp, 'POST', '/purchases', { key: kopi.key, body: { cardNumber, amount: 25_000, billNumber } });
    const first = await walk("POST /integration/v1/purchases, a card's first (the general path)", () => purchase('WALK-1'));
    expect(first.statusCode, first.body).toBe(201);
    const next = await walk('POST /integration/v1/purchases, the next (the one-statement path)', () => purchase('WALK-2'));
    expect(next.statusCode, next.body).toBe(201);
  });
});
