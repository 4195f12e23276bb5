import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/min';

/** A country the phone input can dial: ISO code, dialing code without '+', name in the reader's language. */
export type Region = { code: string; dialCode: string; name: string };

function isCountryCode(code: string): code is CountryCode {
  return (getCountries() as string[]).includes(code);
}

function regionNames(locale: string): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

// spec: app-core §3 Country item: ISO code, name and dialing code, from the phone metadata itself.
export function listRegions(locale: string): Region[] {
  const nameOf = regionNames(locale);
  return getCountries()
    .map((code) => ({ code, dialCode: getCountryCallingCode(code), name: nameOf(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

export function findRegion(code: string, locale: string): Region | null {
  const upper = code.toUpperCase();
  if (!isCountryCode(upper)) return null;
  return { code: upper, dialCode: getCountryCallingCode(upper), name: regionNames(locale)(upper) };
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** Regions whose name contains the query (accents ignored), or whose dialing code starts with it. */
export function filterRegions(regions: Region[], query: string): Region[] {
  const wanted = fold(query.trim());
  if (wanted === '') return regions;
  const dial = wanted.replace(/^\+/, '');
  return regions.filter((region) => fold(region.name).includes(wanted) || (/^\d+$/.test(dial) && region.dialCode.startsWith(dial)));
}

/** The merchant's country when the metadata knows it, else Indonesia (spec: app-core §9 default region +62). */
export function startingRegion(countryCode: string, locale: string): Region {
  return findRegion(countryCode, locale) ?? findRegion('ID', locale) ?? { code: 'ID', dialCode: '62', name: 'Indonesia' };
}
