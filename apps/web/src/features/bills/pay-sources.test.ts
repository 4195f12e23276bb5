import { describe, expect, it } from 'vitest';
import { shopCard } from '../../test/shop.test-support.ts';
import { quoteOf } from './bills.test-support.tsx';
import { paySourceOptions, paySourceToUse } from './pay-sources.ts';

describe('pay sources', () => {
  it('offers only the ways the check gave a cost for, weighed against the card’s balance', () => {
    const quote = quoteOf({ cost: { points: 1_150, balance: null, unit: 'POINT' } });
    expect(paySourceOptions(quote, shopCard({ balance: { amount: 1_000, unit: 'POINT', expiring: [] } }))).toEqual([{ source: 'points', cost: 1_150, unit: 'POINT', held: 1_000, tooLittle: true }]);
    expect(paySourceOptions(quote, undefined)).toEqual([{ source: 'points', cost: 1_150, unit: 'POINT', held: null, tooLittle: false }]);
  });

  it('keeps the way chosen while it can pay, else takes the first that can', () => {
    const options = paySourceOptions(quoteOf({ cost: { points: 10, balance: 10_500, unit: 'CASH' } }), shopCard({ balance: { amount: 20_000, unit: 'CASH', expiring: [] } }));
    expect(options.map((option) => [option.source, option.tooLittle])).toEqual([
      ['points', true],
      ['balance', false],
    ]);
    expect(paySourceToUse(options, 'points')).toBe('balance');
    expect(paySourceToUse(options, null)).toBe('balance');
    expect(paySourceToUse([], null)).toBeNull();
  });
});
