import { useState } from 'react';
import { useTranslation } from '../../../../lib/i18n.tsx';
import { useNavigate } from 'react-router';
import { useCountdown } from '../../../../components/ui/use-countdown.ts';
import { useHeadingFocus } from '../../../../components/ui/use-heading-focus.ts';
import { paths } from '../../../../config/paths.ts';
import { ButtonLink } from '../../../../components/ui/button.tsx';

/** How long the success screen stays before the new card opens. */
export const ADD_CARD_REDIRECT_MS = 5000;

/** spec: business-rules §9: a redirect countdown runs after adding a card. */
export function AddCardSuccess({ cardId }: { cardId: string }) {
  const { t } = useTranslation('cards');
  const navigate = useNavigate();
  const headingRef = useHeadingFocus();
  const [until] = useState(() => Date.now() + ADD_CARD_REDIRECT_MS);
  const remaining = useCountdown(until, { onDone: () => void navigate(paths.cardDetail.href({ cardId }), { replace: true }) });
  const seconds = Math.ceil(remaining / 1000);
  return (
    <section className="stack add-card__success" aria-labelledby="add-card-success-title">
      <h2 id="add-card-success-title" ref={headingRef} tabIndex={-1}>
        {t('add.successTitle')}
      </h2>
      {/* Announced once, not on every tick: the visible count below is hidden from screen readers. */}
      <p className="visually-hidden" role="status">
        {t('add.successAnnouncement', { count: ADD_CARD_REDIRECT_MS / 1000 })}
      </p>
      <p className="muted" aria-hidden="true">
        {t('add.redirecting', { count: seconds })}
      </p>
      <ButtonLink to={paths.cardDetail.href({ cardId })} replace>
        {t('add.openNow')}
      </ButtonLink>
    </section>
  );
}
