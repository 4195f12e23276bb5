import { describe, expect, it } from 'vitest';
import { canEncodeCode128, code128Patterns, code128Values, code128Widths } from './code128.ts';

describe('Code 128', () => {
  it('has 107 distinct symbols of 11 modules, and a stop of 13', () => {
    expect(code128Patterns).toHaveLength(107);
    expect(new Set(code128Patterns).size).toBe(107);
    const modules = (pattern: string) => [...pattern].reduce((sum, width) => sum + Number(width), 0);
    expect(code128Patterns.slice(0, 106).every((pattern) => pattern.length === 6 && modules(pattern) === 11)).toBe(true);
    expect(modules(code128Patterns[106]!)).toBe(13);
  });

  it('adds the check symbol: the start value and each value times its position, modulo 103', () => {
    // 'K' is 43, 'a' 65, 'r' 82, 't' 84, 'u' 85: 104 + 43 + 130 + 246 + 336 + 425 = 1284, and 1284 mod 103 = 48.
    expect(code128Values('Kartu')).toEqual([104, 43, 65, 82, 84, 85, 48, 106]);
  });

  it('draws start, data, check and stop as alternating widths beginning with a bar', () => {
    const widths = code128Widths('AB');
    expect(widths).toHaveLength(6 * 4 + 7);
    expect(widths.slice(0, 6)).toEqual([2, 1, 1, 2, 1, 4]);
    expect(widths.reduce((sum, width) => sum + width, 0)).toBe(11 * 4 + 13);
  });

  it('gives the modules a scanner reads for a known text', () => {
    const modules = code128Widths('AB')
      .map((width, index) => (index % 2 === 0 ? '1' : '0').repeat(width))
      .join('');
    expect(modules).toBe('110100100001010001100010001011000111101011101100011101011');
  });

  it('takes printable ASCII only', () => {
    expect(canEncodeCode128('H7KQ-M3PX 9')).toBe(true);
    for (const text of ['', 'kopi\u00e9', 'a\nb', 'x'.repeat(81)]) {
      expect(canEncodeCode128(text)).toBe(false);
      expect(() => code128Values(text)).toThrow(RangeError);
    }
  });
});
