import { describe, it, expect } from 'vitest';
import { nextCardPage } from './get-cards.ts';
import { cardListItem } from '../../../features/cards/cards.test-support.ts';

const page = (number: number, size: number, count: number) => ({ data: Array.from({ length: size }, () => cardListItem()), page: number, count });

describe('nextCardPage', () => {
  it('asks for the page after the last one while fewer cards are loaded than the count', () => {
    const first = page(1, 10, 25);
    expect(nextCardPage(first, [first])).toBe(2);
    const second = page(2, 10, 25);
    expect(nextCardPage(second, [first, second])).toBe(3);
  });

  it('stops once every card is loaded', () => {
    const first = page(1, 10, 20);
    const second = page(2, 10, 20);
    expect(nextCardPage(second, [first, second])).toBeUndefined();
  });

  it('stops on an empty page even if the count says more, so a shrinking list cannot loop', () => {
    const first = page(1, 10, 20);
    const empty = page(2, 0, 20);
    expect(nextCardPage(empty, [first, empty])).toBeUndefined();
  });
});
