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
      '--brand-header': '#4b2e1e',
      '--brand-header-text': '#ffffff',
      '--brand-face-end': '#1f130d',
      '--brand-button': '#123456',
      '--brand-button-text': '#ffffff',
      // The spec's default orange under white text is 2.91:1: the fill is shaded within its hue.
      '--brand-header-button': '#c25501',
      '--brand-header-button-text': '#ffffff',
      '--brand-accent': '#123456',
    });
  });

  it('keeps the default orange recognisable: a darker shade as a fill under white text and as link text', () => {
    const variables = brandingVariables({ ...merchant, buttonColor: null, buttonTextColor: null });
    expect(variables['--brand-button']).toBe('#c25501');
    expect(variables['--brand-button-text']).toBe('#ffffff');
    expect(variables['--brand-accent']).toBe('#b85101');
  });

  it('never lets anything but a #rrggbb colour through, since the values end up in a style sheet', () => {
    const hostile = brandingVariables({ ...merchant, headerColor: 'red}</style><script>', buttonColor: '#12345g', buttonTextColor: '' });
    expect(hostile['--brand-header']).toBe('#ffffff');
    expect(hostile['--brand-button']).toBe('#c25501');
    expect(hostile['--brand-button-text']).toBe('#ffffff');
    for (const value of Object.values(hostile)) expect(value).toMatch(/^#[0-9a-fA-F]{6}$/);
  });
});
