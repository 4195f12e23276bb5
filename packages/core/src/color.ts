/**
 * Dark or white text, whichever reads better on a brand colour (#rrggbb), using the WCAG 2
 * relative luminance: merchants pick any header colour, and the brand name must stay legible.
 */
export function readableTextColor(background: string): '#1f1f1f' | '#ffffff' {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(background);
  if (!match) return '#ffffff';
  const [red, green, blue] = match.slice(1).map((hex) => {
    const channel = parseInt(hex, 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue;
  // Contrast against white is (1.05) / (L + 0.05); against #1f1f1f (L ≈ 0.0137) it is (L + 0.05) / 0.0637.
  const contrastWithWhite = 1.05 / (luminance + 0.05);
  const contrastWithDark = (luminance + 0.05) / 0.0637;
  return contrastWithWhite >= contrastWithDark ? '#ffffff' : '#1f1f1f';
}
