import { useState } from 'react';
import '../../../components/ui/ui.css';
import type { PaymentCheckAnswer, Subscription } from '@kartu/contracts';
import { paths } from '../../../config/paths.ts';
import { describeApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { toast } from '../../../components/feedback/toast-store.ts';
import { CreditCardForm } from '../../../components/payment/credit-card-form.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { BottomSheet } from '../../../components/ui/bottom-sheet.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { useSubscriptionSettings } from '../api/subscriptions.ts';
import { useMembershipFormat } from './use-membership-format.ts';

const toneOf: Record<Subscription['status'], BadgeTone> = {
  active: 'success',
  cancelled: 'neutral',
  inactive: 'neutral',
  expired: 'danger',
  ended: 'danger',
};

export interface MembershipOverviewProps {
  cardId: string;
  programName: string;
  subscription: Subscription;
  payments: PaymentCheckAnswer | undefined;
}

/**
 * The member's subscription: its status, plan and dates, then what they can change while it runs:
 * auto-renew, the card renewals are charged to, and cancelling (spec: business-rules §2 subscription).
 */
export function MembershipOverview({ cardId, programName, subscription, payments }: MembershipOverviewProps) {
  const { t } = useTranslation('subscriptions');
  const { date } = useMembershipFormat();
  const settings = useSubscriptionSettings();
  const [editingCard, setEditingCard] = useState(false);
  const running = subscription.status === 'active';
  const canTokenise = payments?.provider && payments.publicKey && payments.listPayment.includes('credit_card');
  const error = settings.isError ? (describeApiError(settings.error) ?? t('errors.generic')) : null;

  const change = (body: Parameters<typeof settings.mutate>[0]['body'], done: string) =>
    settings.mutate({ cardId, body }, { onSuccess: () => toast.success(done) });

  return (
    <section className="membership card-surface" aria-labelledby="membership-title">
      <div className="membership__hero">
        <p className="membership__program">{programName}</p>
        <h2 id="membership-title" className="membership__plan">
          {subscription.plan.name}
        </h2>
        <Badge tone={toneOf[subscription.status]} className="membership__status">
          {t(`status.${subscription.status}`)}
        </Badge>
      </div>
      <dl className="membership__facts">
        {subscription.endsAt ? (
          <div>
            <dt>{subscription.isExpired ? t('facts.endedOn') : t('facts.activeUntil')}</dt>
            <dd>{date(subscription.endsAt)}</dd>
          </div>
        ) : null}
        {subscription.nextBillingDate ? (
          <div>
            <dt>{t('facts.nextBilling')}</dt>
            <dd>{date(subscription.nextBillingDate)}</dd>
          </div>
        ) : null}
        {subscription.lastBillingDate ? (
          <div>
            <dt>{t('facts.lastBilling')}</dt>
            <dd>{date(subscription.lastBillingDate)}</dd>
          </div>
        ) : null}
      </dl>
      {subscription.graceUntil ? (
        <p className="membership__notice membership__notice--warning" role="status">
          {t('grace', { date: date(subscription.graceUntil) })}
        </p>
      ) : null}
      {subscription.status === 'cancelled' && subscription.endsAt ? (
        <p className="membership__notice">{t('cancelledNotice', { date: date(subscription.endsAt) })}</p>
      ) : null}

      {running ? (
        <div className="membership__settings">
          <div className="membership__setting">
            <span className="membership__setting-text">
              <span id="auto-renew-label" className="membership__setting-name">
                {t('autoRenew.label')}
              </span>
              <span className="membership__setting-hint">{subscription.card ? t('autoRenew.hint') : t('autoRenew.needsCard')}</span>
            </span>
            <button
              type="button"
              role="switch"
              className="switch"
              aria-checked={subscription.autoRenew}
              aria-labelledby="auto-renew-label"
              disabled={settings.isPending || !subscription.card}
              onClick={() => change({ autoRenew: !subscription.autoRenew }, subscription.autoRenew ? t('autoRenew.turnedOff') : t('autoRenew.turnedOn'))}
            >
              <span className="switch__thumb" aria-hidden="true" />
            </button>
          </div>
          <div className="membership__setting">
            <span className="membership__setting-text">
              <span className="membership__setting-name">{t('card.label')}</span>
              <span className="membership__setting-hint">
                {subscription.card
                  ? t('card.saved', {
                      brand: subscription.card.brand.toUpperCase(),
                      last4: subscription.card.last4,
                      expiry: `${String(subscription.card.expiryMonth).padStart(2, '0')}/${String(subscription.card.expiryYear).slice(-2)}`,
                    })
                  : t('card.none')}
              </span>
            </span>
            {canTokenise ? (
              <Button variant="secondary" onClick={() => setEditingCard(true)} disabled={settings.isPending}>
                {subscription.card ? t('card.change') : t('card.add')}
              </Button>
            ) : null}
          </div>
          {subscription.card ? (
            <Button variant="link" className="membership__remove-card" disabled={settings.isPending} onClick={() => change({ card: null }, t('card.removed'))}>
              {t('card.remove')}
            </Button>
          ) : null}
          {error ? (
            <p className="membership__error" role="alert">
              {error}
            </p>
          ) : null}
          <ButtonLink variant="secondary" block to={paths.cardSubscribeCancel.href({ cardId })}>
            {t('cancel.link')}
          </ButtonLink>
        </div>
      ) : null}

      {editingCard && payments?.provider && payments.publicKey ? (
        <BottomSheet title={subscription.card ? t('card.change') : t('card.add')} closeLabel={t('close')} onClose={() => setEditingCard(false)}>
          <CreditCardForm
            provider={payments.provider}
            publicKey={payments.publicKey}
            tokenizationUrl={payments.tokenizationUrl}
            submitLabel={t('card.save')}
            busy={settings.isPending}
            onTokenized={(card) =>
              settings.mutateAsync({ cardId, body: { card, autoRenew: true } }).then(() => {
                setEditingCard(false);
                toast.success(t('card.savedToast'));
              })
            }
          />
        </BottomSheet>
      ) : null}
    </section>
  );
}
