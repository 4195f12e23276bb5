import { describe, it, expect } from 'vitest';
import { readableTextColor } from './color.ts';

describe('readableTextColor', () => {
  it('puts white text on a dark header colour', () => {
    expect(readableTextColor('#1a237e')).toBe('#ffffff');
    expect(readableTextColor('#000000')).toBe('#ffffff');
  });

  it('puts dark text on a light header colour', () => {
    expect(readableTextColor('#ffffff')).toBe('#1f1f1f');
    expect(readableTextColor('#ffeb3b')).toBe('#1f1f1f');
  });

  it('falls back to white text for a colour it cannot read', () => {
    expect(readableTextColor('orange')).toBe('#ffffff');
  });
});
