import { useId, type ReactNode } from 'react';
import type { PaymentInstructions as Instructions } from '@kartu/contracts';
import { formatCountdown } from '@kartu/core';
import { resolveTimezone } from '../../lib/api-client.ts';
import { useLanguage, useTranslation } from '../../lib/i18n.tsx';
import { copyToClipboard } from '../feedback/copy-to-clipboard.ts';
import { toast } from '../feedback/toast-store.ts';
import { Button, ButtonLink, buttonClass } from '../ui/button.tsx';
import { QrCode } from '../ui/qr-code.tsx';
import { useCountdown } from '../ui/use-countdown.ts';
import './payments.css';

export interface PaymentInstructionsProps {
  instructions: Instructions;
  /** When the time to pay ends (the payment's `expiresAt`), counted down under the instructions. */
  expiresAt: string;
  /** Called once when the countdown reaches zero, e.g. to read the payment again. */
  onExpire?: () => void;
  /**
   * A path of this app the member comes back to. A redirect that stays in this app (the sandbox
   * provider's page) gets it as its `return` query.
   */
  returnTo?: string;
  /** 2 on a page of its own (the default); 3 inside a titled section, such as a status hero. */
  headingLevel?: 2 | 3;
  /** Shown under a manual transfer's bank details, before the countdown: where the member sends the proof. */
  transferProof?: ReactNode;
}

/** A path of this site, not a protocol-relative address to another one. */
function isAppPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

function withReturn(url: string, returnTo: string | undefined): string {
  if (!returnTo) return url;
  const [path = '', query = ''] = url.split('?');
  const search = new URLSearchParams(query);
  search.set('return', returnTo);
  return `${path}?${search.toString()}`;
}

/** Long account numbers read in groups of four; the copy button copies the digits alone. */
function grouped(accountNumber: string): string {
  return /^\d+$/.test(accountNumber) ? (accountNumber.match(/.{1,4}/g) ?? []).join(' ') : accountNumber;
}

function CopyableFact({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  const { t } = useTranslation('payments');
  const copy = async () => {
    if (!(await copyToClipboard(value))) toast.error(t('instructions.copyFailed'));
  };
  return (
    <>
      <dt className="payment-facts__copy-label">{label}</dt>
      <dd className="payment-facts__copy">
        <span className="payment-facts__number">{grouped(value)}</span>
        <Button variant="secondary" className="payment-copy" aria-label={copyLabel} onClick={() => void copy()}>
          {t('instructions.copy')}
        </Button>
      </dd>
    </>
  );
}

/** The time left to pay as a timer (not read at every tick) and the moment it ends. */
export function PaymentCountdown({ expiresAt, onExpire }: { expiresAt: string; onExpire?: () => void }) {
  const { t } = useTranslation('payments');
  const { intlLocale } = useLanguage();
  const labelId = useId();
  const until = new Date(expiresAt);
  const remaining = useCountdown(until, { onDone: onExpire });
  const deadline = new Intl.DateTimeFormat(intlLocale, { timeZone: resolveTimezone(), dateStyle: 'medium', timeStyle: 'short' }).format(until);
  return (
    <div className="payment-countdown">
      <p className="payment-countdown__label" id={labelId}>
        {t('instructions.timeLeft')}
      </p>
      <p className="payment-countdown__time" role="timer" aria-labelledby={labelId}>
        {formatCountdown(remaining)}
      </p>
      <p className="payment-countdown__deadline muted">
        {t('instructions.payBefore', { date: deadline })}
      </p>
    </div>
  );
}

/** What the member does to pay, by the kind of method the provider gave (a VA number, a QR, a page to finish on). */
export function PaymentInstructions({ instructions, expiresAt, onExpire, returnTo, headingLevel = 2, transferProof }: PaymentInstructionsProps) {
  const { t } = useTranslation('payments');
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const countdown = <PaymentCountdown expiresAt={expiresAt} onExpire={onExpire} />;

  switch (instructions.kind) {
    case 'virtual_account':
      return (
        <section className="payment-instructions" aria-labelledby={headingId}>
          <Heading id={headingId} className="payment-instructions__title">
            {t('instructions.virtualAccount.title')}
          </Heading>
          <dl className="payment-facts">
            <dt>{t('instructions.bank')}</dt>
            <dd>{instructions.bank}</dd>
            <CopyableFact label={t('instructions.virtualAccount.number')} value={instructions.accountNumber} copyLabel={t('instructions.virtualAccount.copy')} />
          </dl>
          <p className="payment-instructions__hint muted">{t('instructions.virtualAccount.hint')}</p>
          {countdown}
        </section>
      );
    case 'qris':
      return (
        <section className="payment-instructions" aria-labelledby={headingId}>
          <Heading id={headingId} className="payment-instructions__title">
            {t('instructions.qris.title')}
          </Heading>
          <div className="payment-qr">
            <QrCode value={instructions.qrString} label={t('instructions.qris.qrLabel')} />
          </div>
          <p className="payment-instructions__hint muted">{t('instructions.qris.hint')}</p>
          {countdown}
        </section>
      );
    case 'redirect': {
      const inApp = isAppPath(instructions.url);
      const label = t('instructions.redirect.continue');
      return (
        <section className="payment-instructions" aria-labelledby={headingId}>
          <Heading id={headingId} className="payment-instructions__title">
            {t('instructions.redirect.title')}
          </Heading>
          <p className="payment-instructions__hint muted">{t('instructions.redirect.hint')}</p>
          {inApp ? (
            <ButtonLink to={withReturn(instructions.url, returnTo)} block>
              {label}
            </ButtonLink>
          ) : (
            <a href={instructions.url} className={buttonClass({ block: true })}>
              {label}
            </a>
          )}
          {countdown}
        </section>
      );
    }
    case 'manual_transfer':
      return (
        <section className="payment-instructions" aria-labelledby={headingId}>
          <Heading id={headingId} className="payment-instructions__title">
            {t('instructions.manualTransfer.title')}
          </Heading>
          <dl className="payment-facts">
            <dt>{t('instructions.bank')}</dt>
            <dd>{instructions.bank}</dd>
            <CopyableFact label={t('instructions.manualTransfer.number')} value={instructions.accountNumber} copyLabel={t('instructions.manualTransfer.copy')} />
            <dt>{t('instructions.manualTransfer.name')}</dt>
            <dd>{instructions.accountName}</dd>
          </dl>
          <p className="payment-instructions__hint muted">{t('instructions.manualTransfer.hint')}</p>
          {transferProof}
          {countdown}
        </section>
      );
    case 'cash_on_delivery':
      return (
        <section className="payment-instructions" aria-labelledby={headingId}>
          <Heading id={headingId} className="payment-instructions__title">
            {t('instructions.cashOnDelivery.title')}
          </Heading>
          <p className="payment-instructions__hint">{t('instructions.cashOnDelivery.hint')}</p>
        </section>
      );
  }
}
