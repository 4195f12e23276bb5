import { Link } from 'react-router';
import type { Mission } from '@kartu/contracts';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useMissionWords } from '../use-mission-words.ts';
import { MissionProgress } from './mission-progress.tsx';
import { MissionStatusBadge } from './mission-status-badge.tsx';

/** One mission in the list: how many tasks are done, the reward and its last day; the whole card opens its page. */
export function MissionCard({ mission }: { mission: Mission }) {
  const { t } = useTranslation('missions');
  const words = useMissionWords().mission(mission);
  return (
    <article className="mission-card">
      <div className="mission-card__head">
        <h2 className="mission-card__name">
          <Link className="mission-card__link" to={paths.cardMission.href({ cardId: mission.cardId, missionId: mission.id })}>
            {mission.name}
          </Link>
        </h2>
        {mission.status === 'active' ? null : <MissionStatusBadge status={mission.status} />}
      </div>
      <MissionProgress label={t('progressLabel', { name: mission.name })} percent={words.percent} text={words.tasksDone} />
      <p className="mission-card__reward">{t('rewardLine', { reward: words.reward })}</p>
      <p className="mission-card__when">{words.when}</p>
    </article>
  );
}
