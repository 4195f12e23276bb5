import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { ReferralJoin, SignInAnswer } from '@kartu/contracts';
import { toast } from '../../components/feedback/toast-store.ts';
import { formatAmount } from '../../components/ui/amount.tsx';
import { paths } from '../../config/paths.ts';
import { ApiError, describeApiError } from '../../lib/api-client.ts';
import { cardKeys } from '../../lib/card-keys.ts';
import { takeSignInLink } from '../../lib/sign-in-link.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { forgetReferralCode, joinReferral, referralKeys, storedReferralCode } from '../../lib/referrals.ts';
import { setSession } from '../../lib/session.ts';
import { sessionAnswerOptions } from '../../lib/session-answer.ts';
import { useSite } from '../../lib/site.tsx';
import { clearSignInFlow, readSignInFlow } from './sign-in-flow.ts';

/**
 * A new account made through an invite link joins through its code (docs/decisions/042-referrals.md);
 * the code is used once, whatever the answer, and an account that was not new never joins. A refusal
 * is said only when the promotion has ended: the others (already joined, too late, not found) leave
 * the new member nothing to do.
 */
async function joinThroughInvite(isNewUser: boolean): Promise<ReferralJoin | null> {
  const code = storedReferralCode();
  forgetReferralCode();
  if (!isNewUser || code === null) return null;
  try {
    return await joinReferral(code);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'REFERRAL_ENDED') toast.error(describeApiError(error) ?? error.message);
    return null;
  }
}

/**
 * Ends a sign-in: stores the member, forgets the flow, and opens the cards, the card an invite
 * joined, or the gift link that brought them (or the phone step when an e-mail account still owes a
 * phone number). Without an answer in hand, the session is asked.
 */
export function useFinishSignIn(): (answer?: SignInAnswer) => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t } = useTranslation('auth');
  const { merchant } = useSite();
  return useCallback(
    async (answer?: SignInAnswer) => {
      const flow = readSignInFlow();
      let needSetPhone = flow.pinInfo?.needSetPhone ?? false;
      let isNewUser: boolean;
      if (answer) {
        isNewUser = answer.isNewUser;
        setSession({ user: { ...answer.user, isNewUser }, loginType: answer.loginType });
      } else {
        const session = await queryClient.fetchQuery({ ...sessionAnswerOptions(), staleTime: 0 });
        needSetPhone = session.needSetPhone;
        isNewUser = flow.pinPending?.isNewUser ?? false;
        setSession({ user: { ...session.user, isNewUser }, loginType: session.loginType });
      }
      clearSignInFlow();
      const joined = await joinThroughInvite(isNewUser);
      if (joined) {
        const { programName, referrerName: name, friendReward } = joined;
        const reward = formatAmount(friendReward, joined.unit, merchant.currency);
        const context = name === null ? (friendReward > 0 ? 'reward' : undefined) : friendReward > 0 ? 'namedReward' : 'named';
        toast.success(t('referral.joined', { context, name, programName, reward }));
        // Joining may have issued the card, and credited it.
        void queryClient.invalidateQueries({ queryKey: cardKeys.all });
        void queryClient.invalidateQueries({ queryKey: referralKeys.all });
      }
      const waitingLink = needSetPhone ? null : takeSignInLink();
      const next = needSetPhone ? paths.registerPhoneNumber.href() : (waitingLink ?? (joined ? paths.cardDetail.href({ cardId: joined.cardId }) : paths.cards.href()));
      await navigate(next, { replace: true });
    },
    [navigate, queryClient, t, merchant.currency],
  );
}
