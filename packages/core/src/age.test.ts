import { describe, it, expect } from 'vitest';
import { ageThreshold } from './age.ts';

describe('ageThreshold', () => {
  it('is 21 in the Philippines', () => {
    expect(ageThreshold('PH')).toBe(21);
  });

  it('reads the country code regardless of case and surrounding spaces', () => {
    expect(ageThreshold('ph')).toBe(21);
    expect(ageThreshold(' PH ')).toBe(21);
  });

  it('is 18 everywhere else', () => {
    expect(ageThreshold('ID')).toBe(18);
    expect(ageThreshold('MY')).toBe(18);
    expect(ageThreshold('')).toBe(18);
  });
});
