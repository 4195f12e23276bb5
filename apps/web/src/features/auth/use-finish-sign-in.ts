import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { SignInAnswer } from '@kartu/contracts';
import { paths } from '../../config/paths.ts';
import { takeGiftLink } from '../../lib/gift-link.ts';
import { setSession } from '../../lib/session.ts';
import { sessionAnswerOptions } from '../../lib/session-answer.ts';
import { clearSignInFlow, readSignInFlow } from './sign-in-flow.ts';

/**
 * Ends a sign-in: stores the member, forgets the flow, and opens the cards, or the gift link that
 * brought them (or the phone step when an e-mail account still owes a phone number). Without an
 * answer in hand, the session is asked.
 */
export function useFinishSignIn(): (answer?: SignInAnswer) => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (answer?: SignInAnswer) => {
      const flow = readSignInFlow();
      let needSetPhone = flow.pinInfo?.needSetPhone ?? false;
      if (answer) {
        setSession({ user: { ...answer.user, isNewUser: answer.isNewUser }, loginType: answer.loginType });
      } else {
        const session = await queryClient.fetchQuery({ ...sessionAnswerOptions(), staleTime: 0 });
        needSetPhone = session.needSetPhone;
        setSession({ user: { ...session.user, isNewUser: flow.pinPending?.isNewUser ?? false }, loginType: session.loginType });
      }
      clearSignInFlow();
      const giftLink = needSetPhone ? null : takeGiftLink();
      await navigate(needSetPhone ? paths.registerPhoneNumber.href() : (giftLink ?? paths.cards.href()), { replace: true });
    },
    [navigate, queryClient],
  );
}
