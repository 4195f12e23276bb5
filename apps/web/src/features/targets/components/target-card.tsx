import { Link } from 'react-router';
import type { Target } from '@kartu/contracts';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useTargetWords } from '../use-target-words.ts';
import { AchievedBadge } from './achieved-badge.tsx';
import { TargetProgress } from './target-progress.tsx';

/** One running target in the list: what to do, how far along, the reward; the whole card opens its page. */
export function TargetCard({ target }: { target: Target }) {
  const { t } = useTranslation('targets');
  const words = useTargetWords(target);
  return (
    <article className="target-card">
      <div className="target-card__head">
        <h2 className="target-card__name">
          <Link className="target-card__link" to={paths.cardTarget.href({ cardId: target.cardId, missionId: target.id })}>
            {target.name}
          </Link>
        </h2>
        {target.achieved ? <AchievedBadge /> : null}
      </div>
      <p className="target-card__goal">{words.goal}</p>
      <TargetProgress words={words} label={t('progressLabel', { name: target.name })} />
      <p className="target-card__reward">{words.reward}</p>
    </article>
  );
}
