import { useMutation, useQueryClient } from '@tanstack/react-query';
import { referralFriendAnswerSchema, type ReferralFriend, type ReferralInviteBody } from '@kartu/contracts';
import { api, ApiError } from '../../../lib/api-client.ts';
import { referralKeys } from '../../../lib/referrals.ts';
import { referralApiPath } from './get-referral.ts';

export type InviteFriendOptions = { referralId: string; body: ReferralInviteBody };

/**
 * POST /api/v2/referrals/{id}/invites → the friend, pending or unavailable with its reason;
 * REFERRAL_SELF, REFERRAL_ALREADY_INVITED, REFERRAL_ENDED, REFERRAL_INVITES_LIMIT otherwise.
 */
export async function inviteFriend({ referralId, body }: InviteFriendOptions): Promise<ReferralFriend> {
  return (await api.post(`${referralApiPath(referralId)}/invites`, { body, schema: referralFriendAnswerSchema })).data;
}

// A refusal for the program's state (ended, today's invites used up) means the page shows an old one.
const staleProgramCodes = new Set(['REFERRAL_ENDED', 'REFERRAL_INVITES_LIMIT']);

export function useInviteFriend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteFriend,
    // The summary, today's invites left and every filter of the list.
    onSuccess: (_friend, { referralId }) => queryClient.invalidateQueries({ queryKey: referralKeys.detail(referralId) }),
    onError: (error, { referralId }) => {
      if (error instanceof ApiError && staleProgramCodes.has(error.code)) {
        void queryClient.invalidateQueries({ queryKey: referralKeys.detail(referralId), exact: true });
      }
    },
  });
}
