import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { referralFriendsAnswerSchema, type ReferralState } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { referralKeys } from '../../../lib/referrals.ts';
import { referralApiPath } from './get-referral.ts';

export type ReferralFriendsPage = z.infer<typeof referralFriendsAnswerSchema>;

/** GET /api/v2/referrals/{id}/friends?page=&state=: 20 friends a page, newest first; `count` is every friend in that state. */
export function getReferralFriends(options: { referralId: string; page: number; state: ReferralState | null; signal?: AbortSignal }): Promise<ReferralFriendsPage> {
  const { referralId, page, state, signal } = options;
  return api.get(`${referralApiPath(referralId)}/friends`, { query: { page, state }, schema: referralFriendsAnswerSchema, signal });
}

/** The next page while friends remain beyond those loaded. */
export function nextFriendsPage(last: ReferralFriendsPage, pages: readonly ReferralFriendsPage[]): number | undefined {
  const loaded = pages.reduce((total, page) => total + page.data.length, 0);
  return last.data.length > 0 && loaded < last.count ? last.page + 1 : undefined;
}

export function referralFriendsQueryOptions(referralId: string, state: ReferralState | null) {
  return infiniteQueryOptions({
    queryKey: referralKeys.friends(referralId, state),
    queryFn: ({ pageParam, signal }) => getReferralFriends({ referralId, page: pageParam, state, signal }),
    initialPageParam: 1,
    getNextPageParam: nextFriendsPage,
  });
}

export function useReferralFriends(referralId: string, state: ReferralState | null) {
  return useInfiniteQuery(referralFriendsQueryOptions(referralId, state));
}
