import { describe, it, expect } from 'vitest';
import { isSingleCardMode } from './single-card-mode.ts';

describe('isSingleCardMode', () => {
  it('holds for exactly one card on a home page without the add-card button', () => {
    expect(isSingleCardMode({ cardCount: 1, addCardButton: false })).toBe(true);
  });

  it('does not hold with the add-card button, or with no card or several', () => {
    expect(isSingleCardMode({ cardCount: 1, addCardButton: true })).toBe(false);
    expect(isSingleCardMode({ cardCount: 0, addCardButton: false })).toBe(false);
    expect(isSingleCardMode({ cardCount: 2, addCardButton: false })).toBe(false);
  });
});
