import { Link } from 'react-router';
import type { Privilege } from '@kartu/contracts';
import { paths } from '../../../config/paths.ts';
import { usePrivilegeWords } from '../use-privilege-words.ts';
import { PrivilegeStateBadge } from './privilege-state-badge.tsx';

/** One perk in the list: its state, what it gives and its last day; the whole card opens its page. */
export function PrivilegeCard({ privilege }: { privilege: Privilege }) {
  const words = usePrivilegeWords().privilege(privilege);
  return (
    <article className="privilege-card">
      <div className="privilege-card__head">
        <h2 className="privilege-card__title">
          <Link className="privilege-card__link" to={paths.cardPrivilege.href({ cardId: privilege.cardId, privilegeId: privilege.id })}>
            {privilege.title}
          </Link>
        </h2>
        <PrivilegeStateBadge privilege={privilege} />
      </div>
      {words.gives ? <p className="privilege-card__gives">{words.gives}</p> : null}
      {words.when ? <p className="privilege-card__when">{words.when}</p> : null}
    </article>
  );
}
