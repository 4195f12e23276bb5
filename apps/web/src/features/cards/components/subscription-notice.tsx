import type { CardDetail } from '@kartu/contracts';
import { paths } from '../../../config/paths.ts';
import { resolveTimezone } from '../../../lib/api-client.ts';
import { useLanguage, useTranslation } from '../../../lib/i18n.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';

/**
 * A subscription program's card says where its membership stands: why its menus are closed and
 * how to open them (subscribe or renew), or until when it runs (spec: app-core §2 activeSubscription).
 */
export function SubscriptionNotice({ card }: { card: CardDetail }) {
  const { t } = useTranslation('cards');
  const { intlLocale } = useLanguage();
  const subscription = card.subscription;
  if (card.programType !== 'subscription' || !subscription) return null;
  const date = (iso: string) => new Intl.DateTimeFormat(intlLocale, { timeZone: resolveTimezone(), dateStyle: 'long' }).format(new Date(iso));
  const manage = paths.cardSubscribe.href({ cardId: card.id });

  if (!subscription.isExpired) {
    return (
      <div className="subscription-notice subscription-notice--running">
        <p>
          {subscription.status === 'cancelled' && subscription.endsAt
            ? t('detail.subscription.cancelledUntil', { date: date(subscription.endsAt) })
            : subscription.endsAt
              ? t('detail.subscription.activeUntil', { date: date(subscription.endsAt) })
              : t('detail.subscription.active')}
        </p>
        <ButtonLink variant="link" to={manage}>
          {t('detail.subscription.manage')}
        </ButtonLink>
      </div>
    );
  }
  const lapsed = subscription.status !== 'inactive';
  return (
    <section className="subscription-notice subscription-notice--locked" aria-labelledby="subscription-notice-title">
      <h2 id="subscription-notice-title" className="subscription-notice__title">
        {lapsed ? t('detail.subscription.expiredTitle') : t('detail.subscription.joinTitle')}
      </h2>
      <p>
        {lapsed && subscription.endsAt
          ? t('detail.subscription.expiredMessage', { date: date(subscription.endsAt) })
          : t('detail.subscription.joinMessage')}
      </p>
      <ButtonLink to={manage} block>
        {lapsed ? t('detail.subscription.renew') : t('detail.subscription.join')}
      </ButtonLink>
    </section>
  );
}
