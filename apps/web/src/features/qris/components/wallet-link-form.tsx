import { useId, useState, type FormEvent } from 'react';
import { qrisWallets, type QrisWallet, type QrisWalletLink } from '@kartu/contracts';
import { normalizePhone } from '@kartu/core';
import { PhoneInput } from '../../../components/forms/phone-input.tsx';
import { phoneProblem } from '../../../components/forms/phone-rules.ts';
import { Button } from '../../../components/ui/button.tsx';
import { describeApiError, fieldMessagesOf } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useLinkQrisWallet } from '../api/link-qris-wallet.ts';
import { walletNames } from '../qris-rules.ts';
import { StepHeading } from './step-heading.tsx';

/** Every QRIS e-wallet is Indonesian: its number is one of Indonesia's. */
const INDONESIA = { code: 'ID', dialCode: '62' } as const;

export interface WalletLinkFormProps {
  /** The wallet linked now, when the member changes it. */
  current: QrisWalletLink | null;
  onLinked: () => void;
  /** Back to paying with the wallet already linked. */
  onCancel?: () => void;
}

/** Linking the e-wallet QRIS payments are made from (business-rules §1, §2 link account): the wallet and its phone number. */
export function WalletLinkForm({ current, onLinked, onCancel }: WalletLinkFormProps) {
  const { t } = useTranslation('qris');
  const id = useId();
  const link = useLinkQrisWallet();
  const [wallet, setWallet] = useState<QrisWallet | null>(current?.wallet ?? null);
  const [phone, setPhone] = useState('');
  const [problems, setProblems] = useState<{ wallet?: string; phone?: string }>({});

  const serverPhone = fieldMessagesOf(link.error).phone ? t('link.phoneInvalid') : undefined;
  const refusal = link.isError && !serverPhone ? describeApiError(link.error) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const phoneIssue = phoneProblem(phone, INDONESIA);
    const next = {
      ...(wallet ? {} : { wallet: t('link.walletRequired') }),
      ...(phoneIssue ? { phone: t(phoneIssue === 'phoneRequired' ? 'link.phoneRequired' : 'link.phoneInvalid') } : {}),
    };
    setProblems(next);
    // The first field to put right takes focus, its message read with it.
    const focusPhone = () => document.getElementById(`${id}-phone`)?.focus();
    if (!wallet) {
      document.getElementById(`${id}-${qrisWallets[0]}`)?.focus();
      return;
    }
    if (phoneIssue) {
      focusPhone();
      return;
    }
    link.mutate(
      { wallet, phone: normalizePhone(phone, INDONESIA.dialCode) },
      {
        onSuccess: onLinked,
        onError: (error) => {
          if (fieldMessagesOf(error).phone) focusPhone();
        },
      },
    );
  };

  const walletErrorId = `${id}-wallet-error`;
  return (
    <section className="qris-step" aria-labelledby={`${id}-title`}>
      <StepHeading id={`${id}-title`}>{t('link.title')}</StepHeading>
      <p className="muted">{t('link.intro')}</p>
      <form className="qris-form" noValidate onSubmit={submit}>
        <fieldset className="qris-choices" aria-describedby={problems.wallet ? walletErrorId : undefined}>
          <legend className="qris-choices__legend">{t('link.wallet')}</legend>
          {qrisWallets.map((choice) => (
            <label key={choice} className="qris-choice">
              <span className="qris-choice__name">{walletNames[choice]}</span>
              <input
                id={`${id}-${choice}`}
                className="qris-choice__radio"
                type="radio"
                name={`${id}-wallet`}
                value={choice}
                checked={wallet === choice}
                onChange={() => {
                  setWallet(choice);
                  setProblems((before) => ({ ...before, wallet: undefined }));
                }}
              />
            </label>
          ))}
          {problems.wallet ? (
            <p id={walletErrorId} className="field__error" role="alert">
              {problems.wallet}
            </p>
          ) : null}
        </fieldset>
        <PhoneInput id={`${id}-phone`} label={t('link.phone')} dialCode={INDONESIA.dialCode} value={phone} onChange={setPhone} error={problems.phone ?? serverPhone} />
        {refusal ? (
          <p className="field__error" role="alert">
            {refusal}
          </p>
        ) : null}
        <div className="qris-actions">
          <Button type="submit" block loading={link.isPending}>
            {t('link.submit')}
          </Button>
          {onCancel ? (
            <Button variant="secondary" block onClick={onCancel}>
              {t('link.cancel')}
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
