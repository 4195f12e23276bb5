import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useNavigate, useSearchParams } from 'react-router';
import { cardViewSchema, type CardListItem, type CardView } from '@kartu/contracts';
import { toast } from '../../../components/feedback/toast-store.ts';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { paths } from '../../../config/paths.ts';
import { describeApiError } from '../../../lib/api-client.ts';
import { useInboxButton } from '../../../lib/inbox-badge.ts';
import { useSession } from '../../../lib/session.ts';
import { useSessionAnswer } from '../../../lib/session-answer.ts';
import { useSite } from '../../../lib/site.tsx';
import { useCardAction, type CardAction } from '../api/card-actions.ts';
import { useCards } from '../api/get-cards.ts';
import { CardTile, CardTileSkeletons } from '../components/card-tile.tsx';
import { CardViewTabs, cardViewPanelId, cardViewTabId } from '../components/card-view-tabs.tsx';
import { EmptyCards } from '../components/empty-cards.tsx';
import { LoadMore } from '../components/load-more.tsx';
import { memberLabel } from '../member-label.ts';
import { isSingleCardMode } from '../single-card-mode.ts';
import '../components/cards.css';
import { Redirect } from '../../../lib/redirect.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { VoucherCountLink } from '../components/voucher-count-link.tsx';

function viewOf(value: string | null): CardView {
  const parsed = cardViewSchema.safeParse(value);
  return parsed.success ? parsed.data : 'active';
}

/** Cards a phone shows before any scroll. */
const CARDS_IN_FIRST_SCREEN = 3;

/** The first screen's art is fetched at once, the first picture of it (`firstArt`, the page's largest) first; the rest as they scroll near. */
function artLoadingAt(index: number, firstArt: number): 'priority' | 'eager' | 'lazy' {
  if (index >= CARDS_IN_FIRST_SCREEN) return 'lazy';
  return index === firstArt ? 'priority' : 'eager';
}

// spec: app-core §2 /cards, §4 Card list (paging) and Single-card mode; business-rules §4 hidden and archived cards.
export function CardListPage() {
  const { t } = useTranslation('cards');
  const navigate = useNavigate();
  const { merchant } = useSite();
  const [searchParams, setSearchParams] = useSearchParams();
  const view = viewOf(searchParams.get('view'));
  const stored = useSession();
  // The server's copy names the member as they are now; the stored one shows while it loads.
  const { data: session } = useSessionAnswer();
  const member = memberLabel(session?.user ?? stored.user);
  const cards = useCards(view);
  const inbox = useInboxButton();
  const cardAction = useCardAction();
  const [busyCardId, setBusyCardId] = useState<string | null>(null);

  const list: CardListItem[] = cards.data?.pages.flatMap((page) => page.data) ?? [];
  const firstArt = list.findIndex((card) => card.cardArt !== null);
  const count = cards.data?.pages[0]?.count ?? 0;
  const addCardButton = merchant.homePage.addCardButton;
  const firstCard = list[0];
  if (view === 'active' && firstCard && isSingleCardMode({ cardCount: count, addCardButton })) {
    return <Redirect to={paths.cardDetail.href({ cardId: firstCard.id })} />;
  }

  const runAction = (card: CardListItem, action: CardAction) => {
    setBusyCardId(card.id);
    cardAction.mutate(
      { cardId: card.id, action },
      {
        onSuccess: () => toast.success(t(`list.done.${action}`, { program: card.programName })),
        onError: (error) => {
          const message = describeApiError(error);
          if (message) toast.error(message);
        },
        onSettled: () => setBusyCardId(null),
      },
    );
  };

  const changeView = (next: CardView) => setSearchParams(next === 'active' ? {} : { view: next }, { replace: true });

  return (
    <AppLayout header={<Header title={t('list.title')} onQr={() => void navigate(paths.qrcodeScanner.href())} inbox={inbox} onSettings={() => void navigate(paths.settings.href())} />}>
      <div className="card-list">
        <div className="card-list__top">
          <p className="card-list__greeting">{member ? t('list.greeting', { member }) : t('list.greetingAnonymous')}</p>
          <VoucherCountLink />
        </div>
        <CardViewTabs view={view} onChange={changeView} />
        <section id={cardViewPanelId(view)} role="tabpanel" aria-labelledby={cardViewTabId(view)} className="card-list__panel">
          {cards.isPending ? <CardTileSkeletons /> : null}
          {cards.isError ? (
            <div role="alert" className="card-list__error">
              <p>{describeApiError(cards.error) ?? t('list.loadFailed')}</p>
              <Button variant="secondary" onClick={() => void cards.refetch()}>
                {t('list.retry')}
              </Button>
            </div>
          ) : null}
          {cards.isSuccess && list.length === 0 ? <EmptyCards view={view} /> : null}
          {list.length > 0 ? (
            <ul className="card-list__items" aria-label={t(`list.view.${view}`)}>
              {list.map((card, index) => (
                <li key={card.id}>
                  <CardTile card={card} view={view} artLoading={artLoadingAt(index, firstArt)} busy={busyCardId === card.id} onAction={(action) => runAction(card, action)} />
                </li>
              ))}
            </ul>
          ) : null}
          {cards.hasNextPage ? <LoadMore loading={cards.isFetchingNextPage} onLoadMore={() => void cards.fetchNextPage()} /> : null}
        </section>
        {addCardButton && view === 'active' && list.length > 0 ? (
          <ButtonLink to={paths.addCard.href()}>
            {t('list.addCard')}
          </ButtonLink>
        ) : null}
      </div>
    </AppLayout>
  );
}
