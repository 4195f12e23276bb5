import { describe, expect, it } from 'vitest';
import { normalisePrintedCode } from './printed-code.ts';

describe('normalisePrintedCode', () => {
  it('turns what is typed into capitals and digits', () => {
    expect(normalisePrintedCode('ab12-cd 34')).toBe('AB12CD34');
  });

  it('keeps at most 64 characters', () => {
    expect(normalisePrintedCode('x'.repeat(70))).toBe('X'.repeat(64));
  });
});
