import { readableTextColor } from './color.ts';
import { DEFAULT_BUTTON_COLOR, DEFAULT_BUTTON_TEXT_COLOR } from './constants.ts';

/** The colours a merchant picks for its pages (spec: app-core §1; `#rrggbb` each). */
export interface BrandColours {
  headerColor: string;
  buttonColor: string | null;
  buttonTextColor: string | null;
  homePage: { headerButtonColor: string | null; headerButtonTextColor: string | null };
}

const hexColour = /^#[0-9a-fA-F]{6}$/;

/** A colour exactly as `#rrggbb`, else the fallback: the value ends up inside a style sheet. */
function colourOr(value: string | null | undefined, fallback: string): string {
  return value && hexColour.test(value) ? value : fallback;
}

/**
 * The merchant's colours as the CSS variables every page reads (default button #F96D01 with white
 * text, spec app-core §1). The web app sets them at boot; the server writes the same ones into the
 * first HTML, so the page is in the merchant's colours before any script runs.
 */
export function brandingVariables(merchant: BrandColours): Record<string, string> {
  const header = colourOr(merchant.headerColor, '#ffffff');
  return {
    '--brand-header': header,
    // Merchants pick any header colour; the header's text and icons must stay legible on it.
    '--brand-header-text': readableTextColor(header),
    '--brand-button': colourOr(merchant.buttonColor, DEFAULT_BUTTON_COLOR),
    '--brand-button-text': colourOr(merchant.buttonTextColor, DEFAULT_BUTTON_TEXT_COLOR),
    '--brand-header-button': colourOr(merchant.homePage.headerButtonColor, DEFAULT_BUTTON_COLOR),
    '--brand-header-button-text': colourOr(merchant.homePage.headerButtonTextColor, DEFAULT_BUTTON_TEXT_COLOR),
  };
}
