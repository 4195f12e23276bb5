import { Icon } from '../../../components/layout/icons.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';

/** A done task's tick, with the word beside it so it is not told by colour or shape alone. */
export function TaskDoneTick() {
  const { t } = useTranslation('missions');
  return (
    <span className="mission-task__done">
      <Icon>
        <path d="M20 6L9 17l-5-5" />
      </Icon>
      {t('task.done')}
    </span>
  );
}
