import { Link } from 'react-router';
import type { Mission, MissionTask } from '@kartu/contracts';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useMissionWords } from '../use-mission-words.ts';
import { MissionProgress } from './mission-progress.tsx';
import { TaskDoneTick } from './task-done-tick.tsx';

/** One task of a mission: its progress and figure, a tick once done; the whole row opens the task's page. */
export function TaskRow({ mission, task }: { mission: Mission; task: MissionTask }) {
  const { t } = useTranslation('missions');
  const words = useMissionWords().task(mission, task);
  return (
    <li className="mission-task">
      <div className="mission-card__head">
        <h3 className="mission-task__title">
          <Link className="mission-card__link" to={paths.cardMissionTask.href({ cardId: mission.cardId, missionId: mission.id, taskId: task.id })}>
            {task.title}
          </Link>
        </h3>
        {task.done ? <TaskDoneTick /> : null}
      </div>
      <MissionProgress label={t('task.progressLabel', { title: task.title })} percent={words.percent} text={words.figure} />
    </li>
  );
}
