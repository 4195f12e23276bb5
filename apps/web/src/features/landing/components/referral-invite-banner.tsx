import { useEffect, useState } from 'react';
import type { ReferralInvite } from '@kartu/contracts';
import { formatAmount } from '../../../components/ui/amount.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';
import { rememberReferralCode } from '../../../lib/referrals.ts';
import { useSite } from '../../../lib/site.tsx';
import { getReferralInvite } from '../api/get-referral-invite.ts';
import '../landing.css';

/**
 * Who invited the visitor and what joining brings, from the code of the link they came by. A
 * running invite is kept for the sign-up that follows; an unknown or ended one shows nothing and
 * keeps nothing, and neither does a failed read: the form above all works without it.
 */
export function ReferralInviteBanner({ code }: { code: string }) {
  const [invite, setInvite] = useState<ReferralInvite | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getReferralInvite(code, controller.signal).then(
      (found) => {
        if (found.status !== 'active') return;
        rememberReferralCode(found.code);
        setInvite(found);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [code]);

  return invite ? <InviteWords invite={invite} /> : null;
}

function InviteWords({ invite }: { invite: ReferralInvite }) {
  const { t } = useTranslation('referral');
  const { merchant } = useSite();
  const who = invite.referrerName === null ? t('landing.someone') : t('landing.who', { name: invite.referrerName });
  const words =
    invite.friendReward > 0
      ? t('landing.inviteReward', { who, programName: invite.programName, reward: formatAmount(invite.friendReward, invite.unit, merchant.currency) })
      : t('landing.invite', { who, programName: invite.programName });
  return <p className="landing__invite">{words}</p>;
}
