import type { VoucherStack } from '@kartu/contracts';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { GiftIllustration, HiddenIllustration, ReceiptIllustration } from '../../../components/ui/empty-illustrations.tsx';
import { List, ListRow } from '../../../components/ui/list-row.tsx';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs, tabId, tabPanelId } from '../../../components/ui/tabs.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { paths } from '../../../config/paths.ts';
import { describeApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { voucherViews, type VoucherView } from '../../../lib/voucher-keys.ts';
import { useVoucherWallet } from '../../../lib/vouchers.ts';
import { useGiftCardValue } from './use-gift-card-value.ts';
import { useDates } from '../../../lib/use-dates.ts';
import { VoucherArt } from '../../../components/voucher/voucher-art.tsx';
import { VoucherStatusBadge } from './voucher-status-badge.tsx';

const idPrefix = 'voucher-view';

/** Where a stack opens: its only voucher, or the stack's page (under the card when the wallet is one card's). */
export function stackHref(stack: VoucherStack, cardId: string | null): string {
  const [only] = stack.vouchers;
  if (stack.vouchers.length === 1 && only) return paths.egiftDetail.href({ egiftNumber: only.id });
  return cardId ? paths.cardEgiftStack.href({ cardId, egiftId: stack.template.id }) : paths.egiftStack.href({ egiftId: stack.template.id });
}

interface VoucherWalletProps {
  view: VoucherView;
  onViewChange: (view: VoucherView) => void;
  /** One card's vouchers, or every card's. */
  cardId: string | null;
  /** Where the empty wallet sends the member to get vouchers; none when there is no shop to send them to. */
  shopHref: string | null;
}

/**
 * The e-voucher wallet (business-rules §2 e-voucher wallet and history, §4 hidden or shown): the
 * usable vouchers, the used and expired ones, and the hidden ones, each in stacks of one template.
 */
export function VoucherWallet({ view, onViewChange, cardId, shopHref }: VoucherWalletProps) {
  const { t } = useTranslation('cards');
  const wallet = useVoucherWallet(view, cardId);
  const items = voucherViews.map((value) => ({ value, label: t(`vouchers.view.${value}`) }));

  const panel = () => {
    if (wallet.isError) {
      return (
        <div role="alert" className="voucher-wallet__error">
          <p>{describeApiError(wallet.error) ?? t('vouchers.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void wallet.refetch()}>
            {t('vouchers.retry')}
          </Button>
        </div>
      );
    }
    if (!wallet.data) {
      return (
        <LoadingRegion label={t('vouchers.loading')} className="voucher-wallet__skeleton">
          <Skeleton shape="block" height="5.5rem" />
          <Skeleton shape="block" height="5.5rem" />
          <Skeleton shape="block" height="5.5rem" />
        </LoadingRegion>
      );
    }
    if (wallet.data.length === 0) {
      const illustration = { active: <GiftIllustration />, history: <ReceiptIllustration />, hidden: <HiddenIllustration /> }[view];
      return (
        <EmptyState
          illustration={illustration}
          title={t(`vouchers.empty.${view}.title`)}
          message={t(`vouchers.empty.${view}.message`)}
          action={view === 'active' && shopHref ? <ButtonLink to={shopHref}>{t('vouchers.empty.shop')}</ButtonLink> : undefined}
        />
      );
    }
    return (
      <List variant="cards" aria-label={t(`vouchers.view.${view}`)}>
        {wallet.data.map((stack) => (
          <li key={stack.template.id}>
            <StackRow stack={stack} view={view} cardId={cardId} />
          </li>
        ))}
      </List>
    );
  };

  return (
    <div className="voucher-wallet">
      <Tabs label={t('vouchers.views')} idPrefix={idPrefix} items={items} value={view} onChange={onViewChange} />
      <section id={tabPanelId(idPrefix, view)} role="tabpanel" aria-labelledby={tabId(idPrefix, view)} className="voucher-wallet__panel">
        {panel()}
      </section>
    </div>
  );
}

/** A stack: the template's picture, name and worth, where it is used, the soonest expiry, and how many. */
function StackRow({ stack, view, cardId }: { stack: VoucherStack; view: VoucherView; cardId: string | null }) {
  const { t } = useTranslation('cards');
  const dates = useDates();
  const [first] = stack.vouchers;
  const giftCardValue = useGiftCardValue(first?.giftCard);
  const count = view === 'history' ? stack.vouchers.length : stack.activeCount || stack.vouchers.length;
  const when = () => {
    if (!first) return null;
    if (first.giftCard?.cardId && first.usedAt) return t('vouchers.giftCard.addedOnDay', { date: dates.day(first.usedAt) });
    if (first.status === 'used' && first.usedAt) return t('vouchers.usedOn', { date: dates.day(first.usedAt) });
    if (first.status === 'expired') return t('vouchers.expiredOn', { date: dates.day(first.expiresAt) });
    return t('vouchers.validUntil', { date: dates.day(first.expiresAt) });
  };
  return (
    <ListRow
      to={stackHref(stack, cardId)}
      className="voucher-stack"
      leading={<VoucherArt image={stack.template.image} sizes="64px" className="voucher-stack__art" />}
      title={stack.template.name}
      subtitle={
        giftCardValue
          ? t('vouchers.giftCard.value', { value: giftCardValue })
          : [stack.template.valueText, t(`vouchers.usableAt.${stack.template.usableAt}`)].filter(Boolean).join(' · ')
      }
      meta={when()}
      trailing={
        <span className="voucher-stack__trailing">
          {count > 1 ? <Badge tone="brand">{t('vouchers.count', { count })}</Badge> : null}
          {first && (view === 'history' || first.status === 'pending') ? <VoucherStatusBadge status={first.status} /> : null}
        </span>
      }
      chevron
    />
  );
}
