import { useId } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { Mission } from '@kartu/contracts';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { isNotFound } from '../../../components/shop/use-shop-card.ts';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { PageNotFoundError } from '../../../lib/page-not-found.ts';
import { useMission } from '../api/get-mission.ts';
import { MissionCelebration } from '../components/mission-celebration.tsx';
import { MissionProgress } from '../components/mission-progress.tsx';
import { MissionsLoadError, MissionsSkeleton } from '../components/mission-states.tsx';
import { MissionStatusBadge } from '../components/mission-status-badge.tsx';
import { TaskRow } from '../components/task-row.tsx';
import { useMissionWords } from '../use-mission-words.ts';
import '../missions.css';

/**
 * '/cards/:cardId/mission-activities/:missionId' (app-core §2 mission-activities/{missionId}): one
 * mission in full, with each task's progress. Back leads to the list, on the tab the mission is in.
 */
export function MissionPage() {
  const { cardId = '', missionId = '' } = useParams();
  const { t } = useTranslation('missions');
  const { t: common } = useTranslation();
  const navigate = useNavigate();
  const mission = useMission(cardId, missionId);
  if (!mission.data && isNotFound(mission.error)) throw new PageNotFoundError(common('errors.MISSION_NOT_FOUND'));
  const inHistory = mission.data !== undefined && mission.data.status !== 'active';
  return (
    <AppLayout
      header={
        <Header
          title={mission.data?.name ?? t('detail.title')}
          onBack={() => void navigate(paths.cardMissions.href({ cardId }, { tab: inHistory ? 'history' : undefined }))}
        />
      }
    >
      <div className="missions-page">
        {mission.data ? (
          <>
            <MissionDetail mission={mission.data} />
            <MissionCelebration missions={[mission.data]} onDetailPage />
          </>
        ) : mission.isError ? (
          <MissionsLoadError error={mission.error} onRetry={() => void mission.refetch()} />
        ) : (
          <MissionsSkeleton count={2} />
        )}
      </div>
    </AppLayout>
  );
}

function MissionDetail({ mission }: { mission: Mission }) {
  const { t } = useTranslation('missions');
  const words = useMissionWords().mission(mission);
  const tasksHeading = useId();
  return (
    <>
      <article className="mission-detail">
        <div className="mission-card__head">
          <MissionStatusBadge status={mission.status} />
        </div>
        {mission.description ? <p className="mission-detail__description">{mission.description}</p> : null}
        <MissionProgress label={t('progressLabel', { name: mission.name })} percent={words.percent} text={words.tasksDone} large />
        <dl className="mission-detail__facts">
          <div>
            <dt>{t('detail.reward')}</dt>
            <dd className="mission-detail__reward">{words.reward}</dd>
          </div>
          <div>
            <dt>{words.whenLabel}</dt>
            <dd>{words.whenDate}</dd>
          </div>
        </dl>
      </article>
      <section className="mission-tasks" aria-labelledby={tasksHeading}>
        <h2 id={tasksHeading} className="mission-tasks__heading">
          {t('detail.tasks')}
        </h2>
        <ol className="mission-tasks__list">
          {mission.tasks.map((task) => (
            <TaskRow key={task.id} mission={mission} task={task} />
          ))}
        </ol>
      </section>
    </>
  );
}
