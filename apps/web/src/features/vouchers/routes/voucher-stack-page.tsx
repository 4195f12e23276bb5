import { useParams } from 'react-router';
import type { Voucher, VoucherStack } from '@kartu/contracts';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { GiftIllustration } from '../../../components/ui/empty-illustrations.tsx';
import { List, ListRow } from '../../../components/ui/list-row.tsx';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { describeApiError } from '../../../lib/api-client.ts';
import { useBackNavigation } from '../../../lib/back-navigation.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { Redirect } from '../../../lib/redirect.tsx';
import { useVoucherWallet } from '../../../lib/vouchers.ts';
import { useGiftCardValue } from '../components/use-gift-card-value.ts';
import { useDates } from '../../../lib/use-dates.ts';
import { VoucherHero } from '../../../components/voucher/voucher-art.tsx';
import { VoucherStatusBadge } from '../components/voucher-status-badge.tsx';
import '../../../components/voucher/voucher.css';
import '../vouchers.css';

/**
 * '/egifts/stacks/:egiftId' and '/cards/:cardId/egifts/stacks/:egiftId': the vouchers of one
 * template, the usable ones first (soonest to expire on top), then the used and expired ones.
 */
export function VoucherStackPage() {
  const { cardId = null, egiftId = '' } = useParams();
  const { t } = useTranslation('cards');
  const goBack = useBackNavigation();
  const active = useVoucherWallet('active', cardId);
  const history = useVoucherWallet('history', cardId);
  const walletHref = cardId ? paths.cardVouchers.href({ cardId }) : paths.egifts.href();
  const find = (stacks: VoucherStack[] | undefined) => stacks?.find((stack) => stack.template.id === egiftId);
  const usable = find(active.data);
  const past = find(history.data);
  const template = usable?.template ?? past?.template;
  const giftCardValue = useGiftCardValue((usable ?? past)?.vouchers[0]?.giftCard);
  if (!egiftId) return <Redirect to={walletHref} />;

  const content = () => {
    const failed = active.error ?? history.error;
    if (failed) {
      return (
        <div role="alert" className="voucher-wallet__error">
          <p>{describeApiError(failed) ?? t('vouchers.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void Promise.all([active.refetch(), history.refetch()])}>
            {t('vouchers.retry')}
          </Button>
        </div>
      );
    }
    if (!active.data || !history.data) {
      return (
        <LoadingRegion label={t('vouchers.loading')} className="voucher-wallet__skeleton">
          <Skeleton shape="block" height="7rem" />
          <Skeleton shape="block" height="4rem" />
          <Skeleton shape="block" height="4rem" />
        </LoadingRegion>
      );
    }
    if (!template) {
      return (
        <EmptyState
          illustration={<GiftIllustration />}
          title={t('vouchers.stack.missingTitle')}
          message={t('vouchers.stack.missingMessage')}
          action={<ButtonLink to={walletHref}>{t('vouchers.stack.backToWallet')}</ButtonLink>}
        />
      );
    }
    return (
      <>
        <VoucherHero template={template} giftCardValue={giftCardValue} compact />
        <VoucherSection title={t('vouchers.stack.usable', { count: usable?.vouchers.length ?? 0 })} vouchers={usable?.vouchers ?? []} empty={t('vouchers.stack.noneUsable')} />
        {past ? <VoucherSection title={t('vouchers.stack.past')} vouchers={past.vouchers} /> : null}
      </>
    );
  };

  return (
    <AppLayout header={<Header title={template?.name ?? t('vouchers.title')} onBack={goBack} />}>
      <div className="voucher-page">{content()}</div>
    </AppLayout>
  );
}

function VoucherSection({ title, vouchers, empty }: { title: string; vouchers: Voucher[]; empty?: string }) {
  const { t } = useTranslation('cards');
  const dates = useDates();
  const when = (voucher: Voucher) => {
    if (voucher.giftCard?.cardId && voucher.usedAt) return t('vouchers.giftCard.addedOnDay', { date: dates.day(voucher.usedAt) });
    if (voucher.status === 'used' && voucher.usedAt) return t('vouchers.usedOn', { date: dates.day(voucher.usedAt) });
    if (voucher.status === 'expired') return t('vouchers.expiredOn', { date: dates.day(voucher.expiresAt) });
    return t('vouchers.validUntil', { date: dates.day(voucher.expiresAt) });
  };
  return (
    <section className="voucher-section">
      <h2 className="voucher-section__title">{title}</h2>
      {vouchers.length === 0 && empty ? <p className="muted">{empty}</p> : null}
      {vouchers.length > 0 ? (
        <List variant="cards" aria-label={title}>
          {vouchers.map((voucher) => (
            <li key={voucher.id}>
              <ListRow
                to={paths.egiftDetail.href({ egiftNumber: voucher.id })}
                title={voucher.template.name}
                subtitle={when(voucher)}
                meta={voucher.status === 'used' && voucher.usedPlace ? voucher.usedPlace : undefined}
                trailing={<VoucherStatusBadge status={voucher.status} />}
                chevron
              />
            </li>
          ))}
        </List>
      ) : null}
    </section>
  );
}
