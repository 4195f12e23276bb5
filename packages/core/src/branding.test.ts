import { describe, expect, it } from 'vitest';
import { brandingVariables, type BrandColours } from './branding.ts';

const merchant: BrandColours = {
  headerColor: '#4B2E1E',
  buttonColor: '#123456',
  buttonTextColor: '#FFFFFF',
  homePage: { headerButtonColor: null, headerButtonTextColor: null },
};

describe('brandingVariables', () => {
  it('names the merchant colours, with legible header text and the spec defaults for what is unset', () => {
    expect(brandingVariables(merchant)).toEqual({
      '--brand-header': '#4B2E1E',
      '--brand-header-text': '#ffffff',
      '--brand-button': '#123456',
      '--brand-button-text': '#FFFFFF',
      '--brand-header-button': '#F96D01',
      '--brand-header-button-text': '#FFFFFF',
    });
  });

  it('never lets anything but a #rrggbb colour through, since the values end up in a style sheet', () => {
    const hostile = brandingVariables({ ...merchant, headerColor: 'red}</style><script>', buttonColor: '#12345g', buttonTextColor: '' });
    expect(hostile['--brand-header']).toBe('#ffffff');
    expect(hostile['--brand-button']).toBe('#F96D01');
    expect(hostile['--brand-button-text']).toBe('#FFFFFF');
    for (const value of Object.values(hostile)) expect(value).toMatch(/^#[0-9a-fA-F]{6}$/);
  });
});
