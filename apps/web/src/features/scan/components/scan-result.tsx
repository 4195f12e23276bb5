import { useId, type ReactNode } from 'react';
import { formatAmount, formatSignedAmount } from '../../../components/ui/amount.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { useHeadingFocus } from '../../../components/ui/use-heading-focus.ts';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useSite } from '../../../lib/site.tsx';
import { useDates } from '../../../lib/use-dates.ts';
import type { ScanOutcome } from '../use-scan-flow.ts';

interface ResultProps {
  outcome: ScanOutcome;
  onScanAgain: () => void;
}

/**
 * What a code did, in place of the scanner: points earned at a till, a printed code's points given
 * or on their way (business-rules §9 code rewards within 24 hours), or why the code was refused.
 */
export function ScanResult({ outcome, onScanAgain }: ResultProps) {
  const { t } = useTranslation('scan');
  const { merchant } = useSite();
  const dates = useDates();
  const scanAgain = (
    <Button variant={outcome.kind === 'refused' ? 'primary' : 'secondary'} block onClick={onScanAgain}>
      {t('result.scanAgain')}
    </Button>
  );
  if (outcome.kind === 'refused') {
    return (
      <ResultPanel tone="refused" title={t('result.refusedTitle')} actions={scanAgain}>
        <p>{outcome.message}</p>
      </ResultPanel>
    );
  }
  const seeCard = (cardId: string) => (
    <ButtonLink block to={paths.cardDetail.href({ cardId })}>
      {t('result.seeCard')}
    </ButtonLink>
  );
  if (outcome.kind === 'earned') {
    const { earn } = outcome;
    return (
      <ResultPanel tone="done" title={t('result.earnedTitle')} actions={<>{seeCard(earn.cardId)}{scanAgain}</>}>
        <p className="scan-result__amount">{formatSignedAmount(earn.earned, earn.unit, merchant.currency)}</p>
        <p>{earn.programName}</p>
        <p className="muted">{t('result.balance', { balance: formatAmount(earn.balance, earn.unit, merchant.currency) })}</p>
      </ResultPanel>
    );
  }
  const { claim } = outcome;
  const points = formatSignedAmount(claim.points, claim.unit, merchant.currency);
  if (claim.status === 'pending') {
    return (
      <ResultPanel tone="pending" title={t('result.pendingTitle')} actions={<>{seeCard(claim.cardId)}{scanAgain}</>}>
        <p className="scan-result__amount">{points}</p>
        <p>{claim.programName}</p>
        <p>{t('result.pending')}</p>
        <p className="muted">{t('result.pendingAt', { time: dates.moment(claim.rewardAt) })}</p>
      </ResultPanel>
    );
  }
  return (
    <ResultPanel tone="done" title={t('result.claimedTitle')} actions={<>{seeCard(claim.cardId)}{scanAgain}</>}>
      <p className="scan-result__amount">{points}</p>
      <p>{claim.programName}</p>
    </ResultPanel>
  );
}

function ResultPanel({ tone, title, actions, children }: { tone: 'done' | 'pending' | 'refused'; title: string; actions: ReactNode; children: ReactNode }) {
  // Nothing changes address: the result's heading takes focus, so it is read at once.
  const headingRef = useHeadingFocus();
  const headingId = useId();
  return (
    <section className={`scan-result scan-result--${tone}`} aria-labelledby={headingId}>
      <h2 ref={headingRef} id={headingId} className="scan-result__title">
        {title}
      </h2>
      {children}
      <div className="scan-result__actions">{actions}</div>
    </section>
  );
}
