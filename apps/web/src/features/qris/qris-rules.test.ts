import { describe, expect, it } from 'vitest';
import { shopCard } from '../../test/shop.test-support.ts';
import { amountProblem, cardPayOptions, looksLikeQris, paySourceToUse, paymentReference, pointsFor, qrisFromScanner } from './qris-rules.ts';
import { dynamicQris, qrisOptionsOf, staticQris } from './qris.test-support.tsx';

describe('amountProblem', () => {
  it('asks for an amount above Rp 0', () => {
    expect(amountProblem(null)).toBe('missing');
    expect(amountProblem(0)).toBe('missing');
    expect(amountProblem(1)).toBeNull();
  });

  it('refuses more than Rp 2,000,000 per transaction, and takes exactly that', () => {
    expect(amountProblem(2_000_000)).toBeNull();
    expect(amountProblem(2_000_001)).toBe('tooHigh');
  });
});

describe('looksLikeQris', () => {
  it('takes only a payload that opens with the EMVCo format indicator', () => {
    expect(looksLikeQris(staticQris.qris)).toBe(true);
    expect(looksLikeQris('6012345678901234')).toBe(false);
    expect(looksLikeQris('')).toBe(false);
  });
});

describe('qrisFromScanner', () => {
  it('takes the scanner’s QRIS when it is the one the address names, or the address names none', () => {
    expect(qrisFromScanner({ qris: staticQris }, staticQris.qris)).toEqual(staticQris);
    expect(qrisFromScanner({ qris: staticQris }, '')).toEqual(staticQris);
    expect(qrisFromScanner({ qris: staticQris }, dynamicQris.qris)).toBeNull();
  });

  it('ignores a state that is not a scanned QRIS', () => {
    expect(qrisFromScanner(null, staticQris.qris)).toBeNull();
    expect(qrisFromScanner({ qris: { merchantName: 'x' } }, staticQris.qris)).toBeNull();
  });
});

it('reads a payment’s reference as the first eight characters of its id', () => {
  expect(paymentReference('5f2b7c1e-3a4d-4e6f-8a9b-0c1d2e3f4a5b')).toBe('5F2B7C1E');
});

it('takes the points of a payment rounded up, as the server does', () => {
  expect(pointsFor(25_000, 100)).toBe(250);
  expect(pointsFor(25_050, 100)).toBe(251);
  expect(pointsFor(1, 1_000)).toBe(1);
});

describe('cardPayOptions', () => {
  const pointsCard = shopCard({ balance: { amount: 300, unit: 'POINT', expiring: [] } });
  const cashCard = shopCard({ programType: 'cash', balance: { amount: 30_000, unit: 'CASH', expiring: [] } });

  it('offers the points only where a point has a rupiah value, and the balance only where it is rupiah', () => {
    expect(cardPayOptions(qrisOptionsOf().data, pointsCard, 25_000)).toEqual([]);
    expect(cardPayOptions(undefined, pointsCard, 25_000)).toEqual([]);
    expect(cardPayOptions(qrisOptionsOf({ pointValue: 100 }).data, pointsCard, 25_050)).toEqual([{ source: 'points', cost: 251, held: 300, tooLittle: false }]);
    expect(cardPayOptions(qrisOptionsOf({ cashBalance: true }).data, cashCard, 25_000)).toEqual([{ source: 'balance', cost: 25_000, held: 30_000, tooLittle: false }]);
  });

  it('weighs the cost against what the card holds in that unit, once both are known', () => {
    const options = qrisOptionsOf({ pointValue: 100 }).data;
    expect(cardPayOptions(options, pointsCard, 30_001)).toEqual([{ source: 'points', cost: 301, held: 300, tooLittle: true }]);
    expect(cardPayOptions(options, cashCard, 100)).toEqual([{ source: 'points', cost: 1, held: 0, tooLittle: true }]);
    expect(cardPayOptions(options, undefined, 30_001)).toEqual([{ source: 'points', cost: 301, held: null, tooLittle: false }]);
    expect(cardPayOptions(options, pointsCard, null)).toEqual([{ source: 'points', cost: null, held: 300, tooLittle: false }]);
    expect(cardPayOptions(options, pointsCard, 0)).toEqual([{ source: 'points', cost: null, held: 300, tooLittle: false }]);
  });
});

it('keeps the chosen source while it can pay, else pays with the wallet', () => {
  const points = { source: 'points', cost: 251, held: 300, tooLittle: false } as const;
  expect(paySourceToUse([points], 'points')).toBe('points');
  expect(paySourceToUse([{ ...points, tooLittle: true }], 'points')).toBe('wallet');
  expect(paySourceToUse([points], 'balance')).toBe('wallet');
  expect(paySourceToUse([], 'wallet')).toBe('wallet');
});
