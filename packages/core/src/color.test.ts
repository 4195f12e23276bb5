import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  DARK_TEXT,
  faceGradientEnd,
  legibleFill,
  legibleOnSurfaces,
  legiblePair,
  LIGHT_SURFACES,
  LIGHT_TEXT,
  NON_TEXT_CONTRAST,
  readableTextColor,
  relativeLuminance,
  TEXT_CONTRAST,
} from './color.ts';

const hexColour = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map((channels) => `#${channels.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`);

/** Hue in degrees of a #rrggbb colour, or null for a grey. */
function hueOf(colour: string): number | null {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(colour.slice(at, at + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const chroma = max - Math.min(r, g, b);
  if (chroma === 0) return null;
  const sector = max === r ? ((g - b) / chroma + 6) % 6 : max === g ? (b - r) / chroma + 2 : (r - g) / chroma + 4;
  return sector * 60;
}

/** Spread of a #rrggbb colour's channels, 0 (grey) to 255. */
function chromaOf(colour: string): number {
  const channels = [1, 3, 5].map((at) => parseInt(colour.slice(at, at + 2), 16));
  return Math.max(...channels) - Math.min(...channels);
}

describe('contrastRatio', () => {
  it('gives the WCAG figures for known pairs', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // The spec's default button: white on #F96D01 is below AA.
    expect(contrastRatio('#F96D01', '#FFFFFF')).toBeCloseTo(2.91, 2);
    expect(contrastRatio('#1f1f1f', '#b87333')).toBeCloseTo(4.35, 2);
    expect(relativeLuminance('#ffffff')).toBe(1);
  });
});

describe('readableTextColor', () => {
  it('puts white text on a dark colour and dark text on a light one', () => {
    expect(readableTextColor('#1a237e')).toBe(LIGHT_TEXT);
    expect(readableTextColor('#000000')).toBe(LIGHT_TEXT);
    expect(readableTextColor('#ffffff')).toBe(DARK_TEXT);
    expect(readableTextColor('#ffeb3b')).toBe(DARK_TEXT);
  });

  it('falls back to white text for a colour it cannot read', () => {
    expect(readableTextColor('orange')).toBe(LIGHT_TEXT);
  });
});

describe('legiblePair', () => {
  it('keeps a pair that already passes exactly as chosen', () => {
    expect(legiblePair('#F7C6D9', '#5B2A4E')).toEqual({ background: '#f7c6d9', text: '#5b2a4e' });
  });

  it('shades a fill within its hue when a small shade is enough, keeping the merchant text colour', () => {
    const pair = legiblePair('#14B8A6', '#FFFFFF');
    expect(pair.text).toBe('#ffffff');
    expect(pair.background).not.toBe('#14b8a6');
    expect(hueOf(pair.background)).toBeCloseTo(hueOf('#14B8A6')!, -1);
  });

  it('changes the text colour instead when the fill would have to move far from the brand', () => {
    // White on a pale yellow: darkening the yellow enough would make it brown.
    expect(legiblePair('#fff59d', '#ffffff')).toEqual({ background: '#fff59d', text: DARK_TEXT });
  });

  it('reads unreadable input as the nearest safe choice', () => {
    expect(legiblePair('not a colour', '#ffffff')).toEqual({ background: DARK_TEXT, text: '#ffffff' });
    const pair = legiblePair('#808080', 'bad');
    expect(contrastRatio(pair.background, pair.text)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('always returns a pair that passes AA text contrast, for any merchant colours', () => {
    fc.assert(
      fc.property(hexColour, hexColour, (background, text) => {
        const pair = legiblePair(background, text);
        expect(pair.background).toMatch(/^#[0-9a-f]{6}$/);
        expect(pair.text).toMatch(/^#[0-9a-f]{6}$/);
        expect(contrastRatio(pair.background, pair.text)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      }),
      { numRuns: 2000 },
    );
  });

  it('passes the large-text and control minimum when asked for it', () => {
    fc.assert(
      fc.property(hexColour, hexColour, (background, text) => {
        const pair = legiblePair(background, text, NON_TEXT_CONTRAST);
        expect(contrastRatio(pair.background, pair.text)).toBeGreaterThanOrEqual(NON_TEXT_CONTRAST);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the fill hue whenever it keeps the merchant text colour', () => {
    fc.assert(
      fc.property(hexColour, hexColour, (background, text) => {
        const pair = legiblePair(background, text);
        const before = hueOf(background);
        const after = hueOf(pair.background);
        // A shade within a few units of grey (next to black or white) has no hue to keep.
        if (pair.text !== text || before === null || after === null || chromaOf(pair.background) < 8) return;
        const distance = Math.min(Math.abs(before - after), 360 - Math.abs(before - after));
        // Rounding to whole channels moves the hue by a few degrees at most.
        expect(distance).toBeLessThanOrEqual(10);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('legibleOnSurfaces', () => {
  it('keeps a brand colour that reads on the light surfaces', () => {
    expect(legibleOnSurfaces('#1f2a37')).toBe('#1f2a37');
  });

  it('always returns a colour that passes AA text contrast on every light surface', () => {
    fc.assert(
      fc.property(hexColour, (colour) => {
        const accent = legibleOnSurfaces(colour);
        for (const surface of LIGHT_SURFACES) expect(contrastRatio(accent, surface)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('faceGradientEnd', () => {
  it('moves away from the text, so every point of the face reads at least as well as the fill', () => {
    fc.assert(
      fc.property(hexColour, (colour) => {
        const pair = legibleFill(colour);
        const end = faceGradientEnd(pair);
        expect(contrastRatio(end, pair.text)).toBeGreaterThanOrEqual(contrastRatio(pair.background, pair.text) - 0.01);
      }),
      { numRuns: 1000 },
    );
  });
});
