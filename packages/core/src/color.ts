// WCAG 2.2 contrast. Every text/background pair drawn from a merchant's colours reaches AA, shading a colour
// within its own hue when the merchant's pair does not. Colours are `#rrggbb`.

/** WCAG 2.2 AA minimum for body text. */
export const TEXT_CONTRAST = 4.5;
/** WCAG 2.2 AA minimum for large text and for the boundaries of controls and focus indicators. */
export const NON_TEXT_CONTRAST = 3;

/** For a fill on which the merchant's own text colour does not read. */
export const DARK_TEXT = '#1f1f1f';
export const LIGHT_TEXT = '#ffffff';

/** Cards and sheets, and the page around them: brand text sits on both. */
export const LIGHT_SURFACES = ['#ffffff', '#f3f4f6'] as const;

/** In HSL lightness; beyond it the app prefers changing the text colour. */
const MAX_FILL_SHIFT = 0.15;
const LIGHTNESS_STEP = 0.004;

type Rgb = readonly [number, number, number];

function parseHex(colour: string): Rgb | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (!match) return null;
  return [parseInt(match[1]!, 16), parseInt(match[2]!, 16), parseInt(match[3]!, 16)];
}

function toHex([red, green, blue]: Rgb): string {
  return `#${[red, green, blue].map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

function luminanceOf(rgb: Rgb): number {
  const [red, green, blue] = rgb.map((value) => {
    const channel = value / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** 0 for black, 1 for white; NaN when unparseable. */
export function relativeLuminance(colour: string): number {
  const rgb = parseHex(colour);
  return rgb ? luminanceOf(rgb) : Number.NaN;
}

export function contrastRatio(first: string, second: string): number {
  const a = relativeLuminance(first);
  const b = relativeLuminance(second);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

interface Hsl {
  hue: number;
  saturation: number;
  lightness: number;
}

function toHsl([red, green, blue]: Rgb): Hsl {
  const r = red / 255;
  const g = green / 255;
  const b = blue / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  const chroma = max - min;
  if (chroma === 0) return { hue: 0, saturation: 0, lightness };
  const saturation = chroma / (1 - Math.abs(2 * lightness - 1));
  let hue: number;
  if (max === r) hue = ((g - b) / chroma) % 6;
  else if (max === g) hue = (b - r) / chroma + 2;
  else hue = (r - g) / chroma + 4;
  return { hue: (hue * 60 + 360) % 360, saturation, lightness };
}

function fromHsl({ hue, saturation, lightness }: Hsl): Rgb {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const x = chroma * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = lightness - chroma / 2;
  const sector = Math.floor(hue / 60) % 6;
  const [r, g, b] = [
    [chroma, x, 0],
    [x, chroma, 0],
    [0, chroma, x],
    [0, x, chroma],
    [x, 0, chroma],
    [chroma, 0, x],
  ][sector] as [number, number, number];
  const channel = (value: number) => Math.min(255, Math.max(0, Math.round((value + m) * 255)));
  return [channel(r), channel(g), channel(b)];
}

interface Shade {
  colour: string;
  /** 0 to 1. */
  shift: number;
}

/** Ends at black or white at worst: one always reaches AA against any single colour, and black against the light surfaces. */
function shadeToContrast(colour: Rgb, against: readonly string[], minimum: number): Shade {
  const passes = (candidate: string) => against.every((other) => contrastRatio(candidate, other) >= minimum);
  const start = toHex(colour);
  if (passes(start)) return { colour: start, shift: 0 };
  const hsl = toHsl(colour);
  // Walk toward the end (black or white) that stands out more against all of them.
  const worst = (candidate: string) => Math.min(...against.map((other) => contrastRatio(candidate, other)));
  const direction = worst('#000000') >= worst('#ffffff') ? -1 : 1;
  for (let step = 1; ; step += 1) {
    const lightness = Math.min(1, Math.max(0, hsl.lightness + direction * step * LIGHTNESS_STEP));
    const candidate = toHex(fromHsl({ ...hsl, lightness }));
    if (passes(candidate) || lightness === 0 || lightness === 1) {
      return { colour: candidate, shift: Math.abs(lightness - hsl.lightness) };
    }
  }
}

/** White for an unparseable colour. */
export function readableTextColor(background: string): typeof DARK_TEXT | typeof LIGHT_TEXT {
  if (!parseHex(background)) return LIGHT_TEXT;
  return contrastRatio(background, LIGHT_TEXT) >= contrastRatio(background, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
}

export interface ColourPair {
  background: string;
  text: string;
}

// As close to the merchant's choice as it can: their pair; their text on a slightly shaded fill (keeping its hue);
// dark or white text on the fill as chosen; a shade of the fill for mid-tones where neither text passes.
export function legiblePair(background: string, text: string, minimum = TEXT_CONTRAST): ColourPair {
  const fill = parseHex(background) ?? parseHex(DARK_TEXT)!;
  const fillHex = toHex(fill);
  const textHex = parseHex(text) ? text.toLowerCase() : readableTextColor(fillHex);
  if (contrastRatio(fillHex, textHex) >= minimum) return { background: fillHex, text: textHex };

  const shaded = shadeToContrast(fill, [textHex], minimum);
  if (shaded.shift <= MAX_FILL_SHIFT && contrastRatio(shaded.colour, textHex) >= minimum) {
    return { background: shaded.colour, text: textHex };
  }

  const better = readableTextColor(fillHex);
  if (contrastRatio(fillHex, better) >= minimum) return { background: fillHex, text: better };
  return { background: shadeToContrast(fill, [better], minimum).colour, text: better };
}

/** For brand text, lines and focus rings on every light surface. */
export function legibleOnSurfaces(colour: string, minimum = TEXT_CONTRAST): string {
  const rgb = parseHex(colour) ?? parseHex(DARK_TEXT)!;
  return shadeToContrast(rgb, LIGHT_SURFACES, minimum).colour;
}

export function legibleFill(colour: string): ColourPair {
  return legiblePair(colour, readableTextColor(colour));
}

/** Away from the text colour, so text that reads on the fill reads better still across the whole face. */
export function faceGradientEnd(pair: ColourPair, amount = 0.12): string {
  const rgb = parseHex(pair.background) ?? parseHex(DARK_TEXT)!;
  const hsl = toHsl(rgb);
  const direction = relativeLuminance(pair.text) > relativeLuminance(pair.background) ? -1 : 1;
  return toHex(fromHsl({ ...hsl, lightness: Math.min(1, Math.max(0, hsl.lightness + direction * amount)) }));
}
