import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.tsx';
import type { CardView } from '@kartu/contracts';

export const cardViews: readonly CardView[] = ['active', 'hidden', 'archived'];

export function cardViewPanelId(view: CardView): string {
  return `card-view-panel-${view}`;
}

/** The wallet's three views as tabs: arrow keys move between them (WAI-ARIA tabs pattern). */
export function CardViewTabs({ view, onChange }: { view: CardView; onChange: (view: CardView) => void }) {
  const { t } = useTranslation('cards');
  const tabsRef = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = cardViews.indexOf(view);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: cardViews.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = cardViews[(target + cardViews.length) % cardViews.length] ?? 'active';
    onChange(next);
    tabsRef.current?.querySelector<HTMLButtonElement>(`[data-view="${next}"]`)?.focus();
  };

  return (
    <div ref={tabsRef} role="tablist" aria-label={t('list.views')} className="card-view-tabs" onKeyDown={onKeyDown}>
      {cardViews.map((item) => (
        <button
          key={item}
          type="button"
          role="tab"
          id={`card-view-tab-${item}`}
          data-view={item}
          aria-selected={item === view}
          aria-controls={cardViewPanelId(item)}
          tabIndex={item === view ? 0 : -1}
          className="card-view-tabs__tab"
          onClick={() => onChange(item)}
        >
          {t(`list.view.${item}`)}
        </button>
      ))}
    </div>
  );
}
