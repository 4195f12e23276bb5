import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useNavigate, useParams } from 'react-router';
import type { CardPreview } from '@kartu/contracts';
import { isValidCardNumber } from '@kartu/core';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { addCardLockReason, paths } from '../../../config/paths.ts';
import { describeApiError } from '../../../lib/api-client.ts';
import { addCardFailureOf, type AddCardFailure } from '../add-card-errors.ts';
import { useCheckCardPin } from '../api/check-card-pin.ts';
import { useFindCard } from '../api/find-card.ts';
import { useRegisterCard } from '../api/register-card.ts';
import { ActivationCodeForm } from '../components/add-card/activation-code-form.tsx';
import { AddCardSuccess } from '../components/add-card/add-card-success.tsx';
import { CardNumberForm } from '../components/add-card/card-number-form.tsx';
import { CardPreviewTile } from '../components/add-card/card-preview.tsx';
import '../../../components/forms/forms.css';
import '../components/cards.css';
import { Button } from '../../../components/ui/button.tsx';

// The camera code downloads only when the member chooses to scan.
const CardScanner = lazy(() => import('../components/add-card/card-scanner.tsx').then((module) => ({ default: module.CardScanner })));

type Step =
  | { name: 'number'; scanning: boolean }
  | { name: 'preview'; preview: CardPreview }
  | { name: 'code'; preview: CardPreview }
  | { name: 'done'; cardId: string };

// spec: app-core §2 /cards/add-card and /cards/add/{cardNo?}; business-rules §1 add a card, §4 add-card lock, §8 card messages.
export function AddCardPage() {
  const { t } = useTranslation('cards');
  const navigate = useNavigate();
  const { cardNo } = useParams();
  const [cardNumber, setCardNumber] = useState(() => (cardNo && isValidCardNumber(cardNo) ? cardNo : ''));
  const [step, setStep] = useState<Step>({ name: 'number', scanning: false });
  const [failure, setFailure] = useState<string | null>(null);
  const findCard = useFindCard();
  const checkCardPin = useCheckCardPin();
  const registerCard = useRegisterCard();
  const busy = findCard.isPending || checkCardPin.isPending || registerCard.isPending;

  const messageOf = (reason: Exclude<AddCardFailure, { kind: 'locked' }>): string | null => {
    switch (reason.kind) {
      case 'not-found':
        return reason.attemptsRemaining === undefined ? t('add.notFound') : t('add.notFoundAttempts', { count: reason.attemptsRemaining });
      case 'wrong-code':
        return reason.attemptsRemaining === undefined ? t('add.wrongCode') : t('add.wrongCodeAttempts', { count: reason.attemptsRemaining });
      case 'in-wallet':
        return t('add.inWallet');
      case 'taken':
        return t('add.taken');
      case 'other':
        return describeApiError(reason.error);
    }
  };

  const fail = (error: unknown) => {
    const reason = addCardFailureOf(error);
    if (reason.kind === 'locked') {
      // spec: business-rules §4: 3 wrong numbers or codes lock adding cards for 24 hours.
      const until = reason.until === null ? undefined : new Date(reason.until).toISOString();
      void navigate(paths.lock24h.href({ reason: addCardLockReason, until }), { replace: true });
      return;
    }
    setFailure(messageOf(reason));
  };

  const find = (number: string) => {
    setFailure(null);
    setCardNumber(number);
    findCard.mutate(number, {
      onSuccess: (preview) => setStep({ name: 'preview', preview }),
      onError: (error) => {
        setStep({ name: 'number', scanning: false });
        fail(error);
      },
    });
  };

  const register = (number: string, activationCode?: string) => {
    registerCard.mutate({ number, activationCode }, { onSuccess: ({ cardId }) => setStep({ name: 'done', cardId }), onError: fail });
  };

  const confirm = (preview: CardPreview) => {
    setFailure(null);
    if (preview.requiresActivationCode) setStep({ name: 'code', preview });
    else register(preview.number);
  };

  const registerWithCode = (number: string, activationCode: string) => {
    setFailure(null);
    checkCardPin.mutate({ number, activationCode }, { onSuccess: () => register(number, activationCode), onError: fail });
  };

  const startOver = () => {
    setFailure(null);
    setStep({ name: 'number', scanning: false });
  };

  return (
    <AppLayout header={<Header title={t('add.title')} onBack={() => void navigate(paths.cards.href())} />}>
      <div className="add-card stack">
        {step.name === 'number' && !step.scanning ? (
          <>
            <p className="muted">{t('add.intro')}</p>
            <Button variant="secondary" onClick={() => setStep({ name: 'number', scanning: true })} disabled={busy}>
              {t('add.scan')}
            </Button>
            <p className="add-card__or" aria-hidden="true">
              {t('add.or')}
            </p>
            <CardNumberForm cardNumber={cardNumber} onChange={setCardNumber} failure={failure} busy={busy} onFind={find} />
          </>
        ) : null}
        {step.name === 'number' && step.scanning ? (
          <Suspense fallback={<p role="status">{t('scan.starting')}</p>}>
            <CardScanner onScan={find} onTypeInstead={() => setStep({ name: 'number', scanning: false })} />
          </Suspense>
        ) : null}
        {step.name === 'preview' || step.name === 'code' ? (
          <section className="stack" aria-label={t('add.previewLabel')}>
            <CardPreviewTile preview={step.preview} />
            <p className="muted">{step.preview.requiresActivationCode ? t('add.previewNeedsCode') : t('add.previewReady')}</p>
          </section>
        ) : null}
        {step.name === 'preview' ? (
          <>
            {failure ? (
              <p className="field__error" role="alert">
                {failure}
              </p>
            ) : null}
            <Button onClick={() => confirm(step.preview)} loading={busy}>
              {busy ? t('add.adding') : t('add.confirm')}
            </Button>
            <Button variant="secondary" onClick={startOver} disabled={busy}>
              {t('add.otherNumber')}
            </Button>
          </>
        ) : null}
        {step.name === 'code' ? (
          <ActivationCodeForm failure={failure} busy={busy} onSubmit={(code) => registerWithCode(step.preview.number, code)} onCancel={startOver} />
        ) : null}
        {step.name === 'done' ? <AddCardSuccess cardId={step.cardId} /> : null}
      </div>
    </AppLayout>
  );
}
