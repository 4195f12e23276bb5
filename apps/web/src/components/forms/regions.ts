import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import { regionNames, type Region } from './starting-region.ts';

export type { Region };

// spec: app-core §3 Country item: ISO code, name and dialing code, from the phone metadata itself.
export function listRegions(locale: string): Region[] {
  const nameOf = regionNames(locale);
  return getCountries()
    .map((code) => ({ code, dialCode: getCountryCallingCode(code), name: nameOf(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
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
