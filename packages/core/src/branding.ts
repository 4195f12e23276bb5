import { faceGradientEnd, legibleFill, legibleOnSurfaces, legiblePair } from './color.ts';
import { DEFAULT_BUTTON_COLOR, DEFAULT_BUTTON_TEXT_COLOR } from './constants.ts';

/** spec: app-core §1; `#rrggbb` each. */
export interface BrandColours {
  headerColor: string;
  buttonColor: string | null;
  buttonTextColor: string | null;
  homePage: { headerButtonColor: string | null; headerButtonTextColor: string | null };
}

const hexColour = /^#[0-9a-fA-F]{6}$/;

/** Strict: the value ends up inside a style sheet. */
function colourOr(value: string | null | undefined, fallback: string): string {
  return value && hexColour.test(value) ? value : fallback;
}

/** Worked out once by the server, which writes them into the first HTML: the page has the merchant's colours before any script runs. */
export function brandingVariables(merchant: BrandColours): Record<string, string> {
  const header = legibleFill(colourOr(merchant.headerColor, '#ffffff'));
  const buttonColour = colourOr(merchant.buttonColor, DEFAULT_BUTTON_COLOR);
  const button = legiblePair(buttonColour, colourOr(merchant.buttonTextColor, DEFAULT_BUTTON_TEXT_COLOR));
  const headerButton = legiblePair(
    colourOr(merchant.homePage.headerButtonColor, DEFAULT_BUTTON_COLOR),
    colourOr(merchant.homePage.headerButtonTextColor, DEFAULT_BUTTON_TEXT_COLOR),
  );
  return {
    '--brand-header': header.background,
    '--brand-header-text': header.text,
    // A card face: a gradient from the header colour to this deeper (or paler) shade of it.
    '--brand-face-end': faceGradientEnd(header),
    '--brand-button': button.background,
    '--brand-button-text': button.text,
    '--brand-header-button': headerButton.background,
    '--brand-header-button-text': headerButton.text,
    '--brand-accent': legibleOnSurfaces(buttonColour),
  };
}
