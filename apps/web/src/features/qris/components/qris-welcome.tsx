import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';
import { StepHeading } from './step-heading.tsx';
import { useRupiah } from './use-rupiah.ts';

/** The first QRIS payment's welcome (business-rules §2 Scan QRIS: welcome): what it is, where it is taken, its limit. */
export function QrisWelcome({ onLink }: { onLink: () => void }) {
  const { t } = useTranslation('qris');
  const { max } = useRupiah();
  const headingId = useId();
  return (
    <section className="qris-step" aria-labelledby={headingId}>
      <StepHeading id={headingId}>{t('welcome.title')}</StepHeading>
      <p>{t('welcome.intro')}</p>
      <ul className="qris-welcome__points">
        <li>{t('welcome.anywhere')}</li>
        <li>{t('welcome.wallet')}</li>
        <li>{t('welcome.limit', { max })}</li>
      </ul>
      <Button block onClick={onLink}>
        {t('welcome.link')}
      </Button>
    </section>
  );
}
