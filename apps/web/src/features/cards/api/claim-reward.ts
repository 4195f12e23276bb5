import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { claimRewardAnswerSchema, type CardDetail, type Reward } from '@kartu/contracts';
import { api, ApiError } from '../../../lib/api-client.ts';
import { cardKeys } from '../../../lib/card-keys.ts';
import { voucherKeys } from '../../../lib/voucher-keys.ts';

export type ClaimRewardAnswer = z.infer<typeof claimRewardAnswerSchema>;

/** POST /api/my_vouchers/claim {rewardId} → the claimed reward and the new balance; 409 REWARD_ALREADY_CLAIMED. */
export function claimReward(options: { cardId: string; rewardId: string }): Promise<ClaimRewardAnswer> {
  return api.post('/api/my_vouchers/claim', { body: { rewardId: options.rewardId }, schema: claimRewardAnswerSchema });
}

function markClaimed(rewards: Reward[] | undefined, claimed: Reward): Reward[] | undefined {
  return rewards?.map((reward) => (reward.id === claimed.id ? claimed : reward));
}

export function useClaimReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimReward,
    // spec: app-core §4: a claimed reward updates the card's claim status (its balance and claimable count).
    onSuccess: (answer, { cardId }) => {
      queryClient.setQueryData<Reward[]>(cardKeys.rewards(cardId), (rewards) => markClaimed(rewards, answer.reward));
      queryClient.setQueryData<CardDetail>(cardKeys.detail(cardId), (card) =>
        card && {
          ...card,
          balance: { ...card.balance, ...answer.balance },
          claimableRewards: Math.max(0, card.claimableRewards - 1),
        },
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: cardKeys.detail(cardId) }),
        queryClient.invalidateQueries({ queryKey: cardKeys.lists() }),
        // The e-voucher it brought is in the wallet now, and counts among the usable ones.
        answer.reward.withVoucher ? queryClient.invalidateQueries({ queryKey: voucherKeys.all }) : null,
      ]);
    },
    // Claimed meanwhile (another tab or device): show it as claimed now, and read the real state again.
    onError: (error, { cardId, rewardId }) => {
      if (!(error instanceof ApiError) || error.code !== 'REWARD_ALREADY_CLAIMED') return;
      queryClient.setQueryData<Reward[]>(cardKeys.rewards(cardId), (rewards) =>
        rewards?.map((reward) => (reward.id === rewardId ? { ...reward, status: 'claimed' } : reward)),
      );
      return queryClient.invalidateQueries({ queryKey: cardKeys.detail(cardId) });
    },
  });
}
