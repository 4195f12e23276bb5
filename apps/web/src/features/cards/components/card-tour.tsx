import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';
import { markCardTourSeen } from '../card-tour-store.ts';

const steps = ['balance', 'showCard', 'shop', 'menu'] as const;

/**
 * The card page's first-visit tour (business-rules §2 onboarding): what the page offers, in four
 * short steps the member can skip at any time; either way this device does not show it again.
 */
export function CardTour({ brand }: { brand: string }) {
  const { t } = useTranslation('cards');
  const titleId = useId();
  const textId = useId();
  const [step, setStep] = useState(0);
  const key = steps[step] ?? 'balance';
  const last = step === steps.length - 1;
  const finish = () => markCardTourSeen();

  return (
    <Dialog className="dialog-backdrop" labelledBy={titleId} describedBy={textId} onCancel={finish}>
      <div className="modal-dialog card-tour">
        <p className="card-tour__step">{t('tour.step', { step: step + 1, count: steps.length })}</p>
        <h2 id={titleId} className="modal-dialog__title">
          {t(`tour.${key}.title`, { brand })}
        </h2>
        <p id={textId} className="modal-dialog__message">
          {t(`tour.${key}.text`, { brand })}
        </p>
        <ol className="card-tour__dots" aria-hidden="true">
          {steps.map((name, index) => (
            <li key={name} className={index === step ? 'card-tour__dot card-tour__dot--current' : 'card-tour__dot'} />
          ))}
        </ol>
        <div className="modal-dialog__actions">
          <Button block onClick={last ? finish : () => setStep(step + 1)} data-autofocus>
            {last ? t('tour.done') : t('tour.next')}
          </Button>
          {last ? null : (
            <Button variant="secondary" block onClick={finish}>
              {t('tour.skip')}
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
