import { useId, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { Mission, MissionTask } from '@kartu/contracts';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { isNotFound } from '../../../components/shop/use-shop-card.ts';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useCardMissions } from '../../../lib/missions.ts';
import { PageNotFoundError } from '../../../lib/page-not-found.ts';
import { useCardReferral } from '../../../lib/referrals.ts';
import { useSite } from '../../../lib/site.tsx';
import { useMission } from '../api/get-mission.ts';
import { MissionProgress } from '../components/mission-progress.tsx';
import { StoreVisitForm } from '../components/store-visit-form.tsx';
import { MissionsLoadError, MissionsSkeleton } from '../components/mission-states.tsx';
import { TaskDoneTick } from '../components/task-done-tick.tsx';
import { useMissionWords } from '../use-mission-words.ts';
import '../missions.css';

/**
 * The mission holding the task: read by its id, or, when the address names none (app-core §2
 * mission-activities/{missionId?}/task/{taskId}), found among the card's missions.
 */
function useMissionOfTask(cardId: string, missionId: string | undefined, taskId: string) {
  const byId = useMission(cardId, missionId ?? '', { enabled: missionId !== undefined });
  const ofCard = useCardMissions(cardId, { enabled: missionId === undefined });
  const query = missionId === undefined ? ofCard : byId;
  const mission = missionId === undefined ? ofCard.data?.find((each) => each.tasks.some((task) => task.id === taskId)) : byId.data;
  return { query, mission, task: mission?.tasks.find((task) => task.id === taskId) };
}

/** '/cards/:cardId/mission-activities/:missionId?/task/:taskId': one task, how far along, and how to do it. Back leads to its mission. */
export function MissionTaskPage() {
  const { cardId = '', missionId, taskId = '' } = useParams();
  const { t } = useTranslation('missions');
  const { t: common } = useTranslation();
  const navigate = useNavigate();
  const { query, mission, task } = useMissionOfTask(cardId, missionId, taskId);
  if (!query.data && isNotFound(query.error)) throw new PageNotFoundError(common(missionId === undefined ? 'errors.CARD_NOT_FOUND' : 'errors.MISSION_NOT_FOUND'));
  if (query.data && !task) throw new PageNotFoundError(t('task.notFound'));
  const missionOfBack = mission?.id ?? missionId;
  const back = () => void navigate(missionOfBack ? paths.cardMission.href({ cardId, missionId: missionOfBack }) : paths.cardMissions.href({ cardId }));
  return (
    <AppLayout header={<Header title={task?.title ?? t('task.title')} subtitle={mission?.name} onBack={back} />}>
      <div className="missions-page">
        {mission && task ? (
          <TaskDetail mission={mission} task={task} />
        ) : query.isError ? (
          <MissionsLoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <MissionsSkeleton count={2} />
        )}
      </div>
    </AppLayout>
  );
}

function TaskDetail({ mission, task }: { mission: Mission; task: MissionTask }) {
  const { t } = useTranslation('missions');
  const words = useMissionWords().task(mission, task);
  const howHeading = useId();
  return (
    <>
      <article className="mission-detail">
        {task.done ? (
          <div className="mission-card__head">
            <TaskDoneTick />
          </div>
        ) : null}
        {task.description ? <p className="mission-detail__description">{task.description}</p> : null}
        <MissionProgress label={t('task.progressLabel', { title: task.title })} percent={words.percent} text={words.figure} large />
      </article>
      <section className="mission-how" aria-labelledby={howHeading}>
        <h2 id={howHeading} className="mission-tasks__heading">
          {t('task.howTo')}
        </h2>
        {task.done ? (
          <p>{t('task.doneNote')}</p>
        ) : mission.status !== 'active' ? (
          <p>{t('task.endedNote')}</p>
        ) : (
          <TaskHowTo cardId={mission.cardId} task={task} />
        )}
      </section>
    </>
  );
}

/** What counts towards the task, and the page where the member can do it, where the app has one. */
function TaskHowTo({ cardId, task }: { cardId: string; task: MissionTask }) {
  const { t } = useTranslation('missions');
  const { merchant } = useSite();
  const referral = useCardReferral(cardId, { enabled: task.kind === 'refer' });
  const product = task.product?.name ?? '';
  let action: ReactNode = null;
  if (task.kind === 'spend' || task.kind === 'earn') {
    action = <ButtonLink to={paths.cardDetail.href({ cardId })}>{t('task.actions.showCard')}</ButtonLink>;
  } else if (task.kind === 'buy_product' && task.product) {
    action = (
      <ButtonLink to={paths.cardProduct.href({ cardId, productType: task.product.type, productId: task.product.id })}>{t('task.actions.findProduct', { product })}</ButtonLink>
    );
  } else if (task.kind === 'refer' && referral) {
    action = <ButtonLink to={paths.cardReferral.href({ cardId, id: referral.id })}>{t('task.actions.invite')}</ButtonLink>;
  } else if (task.kind === 'add_card') {
    action = <ButtonLink to={paths.addCard.href()}>{t('task.actions.addCard')}</ButtonLink>;
  } else if (task.kind === 'answer_survey') {
    action = <ButtonLink to={paths.cardPrivileges.href({ cardId })}>{t('task.actions.seePerks')}</ButtonLink>;
  } else if (task.kind === 'visit_store') {
    action = <StoreVisitForm cardId={cardId} />;
  }
  return (
    <>
      <p>{t(`task.how.${task.kind}`, { brand: merchant.brand, product })}</p>
      {action ? <div className="mission-how__action">{action}</div> : null}
    </>
  );
}
