import { describe, it, expect } from 'vitest';
import { requireCardId } from './card-guards.ts';

describe('requireCardId', () => {
  it('sends a card page without a cardId to /cards', () => {
    expect(requireCardId(undefined)).toBe('/cards');
    expect(requireCardId(' ')).toBe('/cards');
  });
  it('lets a card page with a cardId through', () => {
    expect(requireCardId('64f1c2a9e4b0a1b2c3d4e5f6')).toBeNull();
  });
});
