import { describe, expect, it } from 'vitest';
import { amountProblem, looksLikeQris, paymentReference, qrisFromScanner } from './qris-rules.ts';
import { dynamicQris, staticQris } from './qris.test-support.tsx';

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
