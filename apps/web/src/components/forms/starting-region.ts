import { useState } from 'react';
import type { PublicMerchant } from '@kartu/contracts';
import { useLanguage } from '../../lib/i18n.tsx';
import { useSite } from '../../lib/site.tsx';

/** A country the phone input can dial: ISO code, dialing code without '+', name in the reader's language. */
export type Region = { code: string; dialCode: string; name: string };

/** Country names in a language, by ISO code (the code itself where the browser knows no name). */
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
 * language. Light on purpose: the phone metadata is not needed to show a field.
 */
export function startingRegion(merchant: Pick<PublicMerchant, 'phoneRegion'>, locale: string): Region {
  return { ...merchant.phoneRegion, name: regionNames(locale)(merchant.phoneRegion.code) };
}

/** The region a phone field starts on: the merchant's country, named in the reader's language. */
export function useStartingRegion(): Region {
  const { merchant } = useSite();
  const { intlLocale } = useLanguage();
  const [region] = useState(() => startingRegion(merchant, intlLocale));
  return region;
}
