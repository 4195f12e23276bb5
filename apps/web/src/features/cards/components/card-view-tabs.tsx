import { useTranslation } from '../../../lib/i18n.tsx';
import type { CardView } from '@kartu/contracts';
import { Tabs, tabId, tabPanelId } from '../../../components/ui/tabs.tsx';

export const cardViews: readonly CardView[] = ['active', 'hidden', 'archived'];

const idPrefix = 'card-view';

export function cardViewPanelId(view: CardView): string {
  return tabPanelId(idPrefix, view);
}

export function cardViewTabId(view: CardView): string {
  return tabId(idPrefix, view);
}

/** The wallet's three views: active, hidden and archived cards. */
export function CardViewTabs({ view, onChange }: { view: CardView; onChange: (view: CardView) => void }) {
  const { t } = useTranslation('cards');
  const items = cardViews.map((item) => ({ value: item, label: t(`list.view.${item}`) }));
  return <Tabs label={t('list.views')} idPrefix={idPrefix} items={items} value={view} onChange={onChange} />;
}
