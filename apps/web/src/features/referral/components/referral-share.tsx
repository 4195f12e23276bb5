import { useId } from 'react';
import type { ReferralOverview } from '@kartu/contracts';
import { copyToClipboard } from '../../../components/feedback/copy-to-clipboard.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ShareLinks } from '../../../components/ui/share-links.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useRewardAmount } from '../use-reward-amount.ts';

type Shared = Pick<ReferralOverview, 'code' | 'link' | 'programName' | 'unit' | 'friendReward'>;

/** The words sent with the member's link: the program, the code, and what the friend receives. */
export function useShareText(referral: Shared): string {
  const { t } = useTranslation('referral');
  const reward = useRewardAmount(referral.unit);
  const { code, programName } = referral;
  return referral.friendReward > 0 ? t('share.textWithReward', { programName, code, reward: reward(referral.friendReward) }) : t('share.text', { programName, code });
}

/** The member's own code, large enough to read out, and their link for each share channel. */
export function ReferralShare({ referral }: { referral: Shared }) {
  const { t } = useTranslation('referral');
  const headingId = useId();
  const { code } = referral;
  const text = useShareText(referral);
  return (
    <section className="referral-share stack" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('share.heading')}</h2>
      <div className="referral-share__code">
        <p className="referral-share__value">{code}</p>
        <Button variant="secondary" onClick={() => void copyToClipboard(code)} aria-label={t('share.copyCodeLabel', { code })}>
          {t('share.copyCode')}
        </Button>
      </div>
      <ShareLinks
        url={referral.link}
        text={text}
        labels={{
          linkLabel: t('share.link'),
          copy: t('share.copyLink'),
          copied: t('share.copied'),
          share: t('share.share'),
          whatsapp: 'WhatsApp',
          line: 'LINE',
          facebook: 'Facebook',
          twitter: 'X (Twitter)',
          sms: t('share.sms'),
        }}
      />
    </section>
  );
}
