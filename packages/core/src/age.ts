import { AGE_THRESHOLD_BY_COUNTRY, AGE_THRESHOLD_DEFAULT } from './constants.ts';

/** spec: app-core §9 */
export function ageThreshold(countryCode: string): number {
  return AGE_THRESHOLD_BY_COUNTRY[countryCode.trim().toUpperCase()] ?? AGE_THRESHOLD_DEFAULT;
}
