import { queryOptions, useQuery } from '@tanstack/react-query';
import { referralOverviewAnswerSchema, type ReferralOverview } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { referralKeys } from '../../../lib/referrals.ts';

export const referralApiPath = (referralId: string) => `/api/v2/referrals/${encodeURIComponent(referralId)}`;

/** GET /api/v2/referrals/{id}: the member's code and link, the rewards, the summary and today's invites left; 404 REFERRAL_NOT_FOUND. */
export async function getReferral(referralId: string, signal?: AbortSignal): Promise<ReferralOverview> {
  return (await api.get(referralApiPath(referralId), { schema: referralOverviewAnswerSchema, signal })).data;
}

export function referralQueryOptions(referralId: string) {
  return queryOptions({ queryKey: referralKeys.detail(referralId), queryFn: ({ signal }) => getReferral(referralId, signal) });
}

export function useReferral(referralId: string) {
  return useQuery(referralQueryOptions(referralId));
}
