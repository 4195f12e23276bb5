import { useState } from 'react';
import type { PublicMerchant } from '@kartu/contracts';
import { useLanguage, useTranslation } from '../../lib/i18n.tsx';
import { useSite } from '../../lib/site.tsx';

/** A country the phone input can dial: ISO code, dialing code without '+', name in the reader's language. */
export type Region = { code: string; dialCode: string; name: string };

/**
 * The catalogue of country names a page the server draws carries (the merchant's country, in the
 * page's language), by ISO code: a phone field on it starts named without the browser looking the
 * name up, which on a phone costs a long task (its country data loads on first use).
 */
export const REGION_NAMES_NAMESPACE = 'regions';

/** Country names in a language, by ISO code (the code itself where the runtime knows no name). */
export function regionNames(locale: string): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

/**
 * The region a phone field starts on: the merchant's, as the site state names it, in the reader's
 * language (a name already known, else the runtime's). Light on purpose: the phone metadata is
 * not needed to show a field.
 */
export function startingRegion(merchant: Pick<PublicMerchant, 'phoneRegion'>, locale: string, knownName?: string): Region {
  return { ...merchant.phoneRegion, name: knownName ?? regionNames(locale)(merchant.phoneRegion.code) };
}

/** The region a phone field starts on: the merchant's country, named in the reader's language. */
export function useStartingRegion(): Region {
  const { merchant } = useSite();
  const { intlLocale } = useLanguage();
  const { i18n } = useTranslation();
  const [region] = useState(() => startingRegion(merchant, intlLocale, i18n.textOf(merchant.phoneRegion.code, { ns: REGION_NAMES_NAMESPACE })));
  return region;
}
