import { useId } from 'react';
import { InboxIcon } from '../../../components/layout/icons.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useSite } from '../../../lib/site.tsx';

interface PushPromptProps {
  onTurnOn: () => void;
  onNotNow: () => void;
  busy: boolean;
}

/**
 * The app's own words before the browser's prompt (app-core §4 notification permission): the
 * browser asks only when the member chooses "Turn on". It sits at the foot of the page without
 * covering the end of it, and takes no focus.
 */
export function PushPrompt({ onTurnOn, onNotNow, busy }: PushPromptProps) {
  const { t } = useTranslation('push');
  const { merchant } = useSite();
  const titleId = useId();
  return (
    <section className="push-prompt" aria-labelledby={titleId}>
      <div className="push-prompt__card">
        <span className="push-prompt__icon" aria-hidden="true">
          <InboxIcon />
        </span>
        <div className="push-prompt__text">
          <h2 id={titleId} className="push-prompt__title">
            {t('prompt.title')}
          </h2>
          <p className="push-prompt__message">{t('prompt.text', { brand: merchant.brand })}</p>
        </div>
        <div className="push-prompt__actions">
          <Button onClick={onTurnOn} loading={busy}>
            {t('prompt.turnOn')}
          </Button>
          <Button variant="secondary" onClick={onNotNow} disabled={busy}>
            {t('prompt.notNow')}
          </Button>
        </div>
      </div>
    </section>
  );
}
