import { describe, expect, it } from 'vitest';
import { maskRecipientName, maskRecipientPhone } from './masking.ts';

describe('maskRecipientName', () => {
  it.each([
    ['Budi Santoso', 'Budi S.'],
    ['  budi   santoso  ', 'budi S.'],
    ['Siti Rahma Dewi', 'Siti D.'],
    ['Budi', 'Budi'],
    ['   ', null],
    [null, null],
  ])('shows %j as %j', (name, masked) => {
    expect(maskRecipientName(name)).toBe(masked);
  });
});

describe('maskRecipientPhone', () => {
  it('keeps the country code, the first three and the last four digits', () => {
    expect(maskRecipientPhone('+6281212344444', '62')).toBe('+62 812-****-4444');
    expect(maskRecipientPhone('+60123456789', '60')).toBe('+60 123-****-6789');
  });
});
