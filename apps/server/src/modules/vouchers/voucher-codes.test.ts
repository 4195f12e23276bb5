import { describe, expect, it } from 'vitest';
import { hashVoucherCode, openVoucherCode, sealVoucherCode, voucherCodeKeysFor } from './voucher-codes.ts';
import { newCounterCode, normaliseCounterCode, COUNTER_CODE_LENGTH } from '../../lib/counter-codes.ts';

describe('voucher codes', () => {
  it('are 13 symbols a cashier cannot confuse, over 60 bits of them', () => {
    const codes = Array.from({ length: 2000 }, newCounterCode);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{13}$/);
    expect(new Set(codes).size).toBe(codes.length);
    expect(COUNTER_CODE_LENGTH * Math.log2(31)).toBeGreaterThan(60);
  });

  it('hash alike however the cashier types them, and differently under another secret', () => {
    const keys = voucherCodeKeysFor('one secret');
    expect(hashVoucherCode('abcd-efgh 2345k', keys)).toBe(hashVoucherCode('ABCDEFGH2345K', keys));
    expect(hashVoucherCode('ABCDEFGH2345K', voucherCodeKeysFor('another secret'))).not.toBe(hashVoucherCode('ABCDEFGH2345K', keys));
    expect(normaliseCounterCode(' ab-cd ')).toBe('ABCD');
  });

  it('open sealed only under the key they were sealed with', () => {
    const keys = voucherCodeKeysFor('one secret');
    const sealed = sealVoucherCode('ABCDEFGH2345K', keys);
    expect(sealed).not.toContain('ABCDEFGH2345K');
    expect(openVoucherCode(sealed, keys)).toBe('ABCDEFGH2345K');
    expect(openVoucherCode(sealed, voucherCodeKeysFor('another secret'))).toBeNull();
  });
});
