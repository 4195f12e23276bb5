import { useId } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { Mission } from '@kartu/contracts';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { isNotFound } from '../../../components/shop/use-shop-card.ts';
import { ArchiveIllustration, PodiumIllustration } from '../../../components/ui/empty-illustrations.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Tabs, tabId, tabPanelId } from '../../../components/ui/tabs.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useCardMissions } from '../../../lib/missions.ts';
import { PageNotFoundError } from '../../../lib/page-not-found.ts';
import { MissionCard } from '../components/mission-card.tsx';
import { MissionCelebration } from '../components/mission-celebration.tsx';
import { MissionsLoadError, MissionsSkeleton } from '../components/mission-states.tsx';
import '../missions.css';

type Tab = 'active' | 'history';

/**
 * '/cards/:cardId/mission-activities' (app-core §2 mission-activities): the card program's running
 * missions, and in the history those completed or ended in the last 180 days. The tab is kept in the
 * address, so coming back from a finished mission returns to the history. Back leads to the card.
 */
export function MissionsPage() {
  const { cardId = '' } = useParams();
  const { t } = useTranslation('missions');
  const { t: common } = useTranslation();
  const navigate = useNavigate();
  const missions = useCardMissions(cardId);
  if (!missions.data && isNotFound(missions.error)) throw new PageNotFoundError(common('errors.CARD_NOT_FOUND'));
  return (
    <AppLayout header={<Header title={t('title')} onBack={() => void navigate(paths.cardDetail.href({ cardId }))} />}>
      <div className="missions-page">
        {missions.data ? (
          <>
            <MissionTabs missions={missions.data} />
            <MissionCelebration missions={missions.data} />
          </>
        ) : missions.isError ? (
          <MissionsLoadError error={missions.error} onRetry={() => void missions.refetch()} />
        ) : (
          <MissionsSkeleton />
        )}
      </div>
    </AppLayout>
  );
}

function MissionTabs({ missions }: { missions: readonly Mission[] }) {
  const { t } = useTranslation('missions');
  const idPrefix = useId();
  const [search, setSearch] = useSearchParams();
  const tab: Tab = search.get('tab') === 'history' ? 'history' : 'active';
  const shown = missions.filter((mission) => (mission.status === 'active') === (tab === 'active'));
  const items = [
    { value: 'active' as const, label: t('tabs.active') },
    { value: 'history' as const, label: t('tabs.history') },
  ];
  const choose = (next: Tab) => setSearch(next === 'history' ? { tab: next } : {}, { replace: true });
  return (
    <>
      <Tabs label={t('tabs.label')} idPrefix={idPrefix} items={items} value={tab} onChange={choose} />
      <div role="tabpanel" id={tabPanelId(idPrefix, tab)} aria-labelledby={tabId(idPrefix, tab)} className="missions-panel">
        {shown.length > 0 ? (
          <ul className="missions-list">
            {shown.map((mission) => (
              <li key={mission.id}>
                <MissionCard mission={mission} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState
            illustration={tab === 'active' ? <PodiumIllustration /> : <ArchiveIllustration />}
            title={t(`empty.${tab}.title`)}
            message={t(`empty.${tab}.message`)}
          />
        )}
      </div>
    </>
  );
}
