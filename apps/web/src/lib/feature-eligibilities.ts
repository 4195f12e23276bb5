import { queryOptions, useQuery } from '@tanstack/react-query';
import { featureEligibilitiesSchema, type FeatureEligibility, type FeatureKey } from '@kartu/contracts';
import { api } from './api-client.ts';

/*
 * Which features of the app the merchant keeps locked for the member (spec: app-core §2 Guards,
 * §7 api/users/feature-eligibilities): read by the route guard of each flagged page and by
 * /feature-locked, which explains what opens the feature.
 */

export const featureEligibilityKeys = { all: ['feature-eligibilities'] as const };

/** GET /api/users/feature-eligibilities; a failure locks nothing (spec: app-core §8 silent fallbacks). */
export async function getFeatureEligibilities(signal?: AbortSignal): Promise<FeatureEligibility[]> {
  try {
    const answer = await api.get('/api/users/feature-eligibilities', { schema: featureEligibilitiesSchema, signal });
    return answer.data;
  } catch {
    return [];
  }
}

export function featureEligibilitiesQueryOptions() {
  // A level reached opens a feature: read again whenever a flagged page is opened, at most each 30 s.
  return queryOptions({ queryKey: featureEligibilityKeys.all, queryFn: ({ signal }) => getFeatureEligibilities(signal), staleTime: 30_000 });
}

export function useFeatureEligibilities() {
  return useQuery(featureEligibilitiesQueryOptions());
}

/** One feature's standing, once known; undefined while the list loads or when the feature is not listed. */
export function useFeatureEligibility(feature: FeatureKey | null): { eligibility: FeatureEligibility | undefined; isPending: boolean } {
  const { data, isPending } = useFeatureEligibilities();
  return { eligibility: data?.find((item) => item.feature === feature), isPending };
}
