import { useNavigate, useParams } from 'react-router';
import type { Privilege } from '@kartu/contracts';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { isNotFound } from '../../../components/shop/use-shop-card.ts';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { PageNotFoundError } from '../../../lib/page-not-found.ts';
import { usePrivilege } from '../api/get-privilege.ts';
import { PrivilegeAction } from '../components/privilege-action.tsx';
import { PrivilegesLoadError, PrivilegesSkeleton } from '../components/privilege-states.tsx';
import { PrivilegeStateBadge } from '../components/privilege-state-badge.tsx';
import { PrivilegeTerms } from '../components/privilege-terms.tsx';
import { usePrivilegeWords } from '../use-privilege-words.ts';
import '../privileges.css';

/**
 * '/cards/:cardId/privileges/:privilegeId' (app-core §2 privileges/{privilegeId}): one perk in full,
 * what it gives, its days and terms, and what the member can do with it now. Back leads to the list.
 */
export function PrivilegePage() {
  const { cardId = '', privilegeId = '' } = useParams();
  const { t } = useTranslation('privileges');
  const { t: common } = useTranslation();
  const navigate = useNavigate();
  const privilege = usePrivilege(cardId, privilegeId);
  if (!privilege.data && isNotFound(privilege.error)) throw new PageNotFoundError(common('errors.PERK_NOT_FOUND'));
  return (
    <AppLayout header={<Header title={privilege.data?.title ?? t('detail.title')} onBack={() => void navigate(paths.cardPrivileges.href({ cardId }))} />}>
      <div className="privileges-page">
        {privilege.data ? (
          <PrivilegeDetail privilege={privilege.data} />
        ) : privilege.isError ? (
          <PrivilegesLoadError error={privilege.error} onRetry={() => void privilege.refetch()} />
        ) : (
          <PrivilegesSkeleton count={2} />
        )}
      </div>
    </AppLayout>
  );
}

function PrivilegeDetail({ privilege }: { privilege: Privilege }) {
  const { t } = useTranslation('privileges');
  const words = usePrivilegeWords().privilege(privilege);
  const ended = privilege.state === 'ended';
  return (
    <>
      <article className="privilege-detail">
        <div className="privilege-card__head">
          <PrivilegeStateBadge privilege={privilege} />
        </div>
        {privilege.description ? <p className="privilege-detail__description">{privilege.description}</p> : null}
        <dl className="privilege-detail__facts">
          {words.gives ? (
            <div>
              <dt>{t('detail.gives')}</dt>
              <dd className="privilege-detail__gives">{words.gives}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('detail.starts')}</dt>
            <dd>{words.startDay}</dd>
          </div>
          <div>
            <dt>{ended ? t('detail.ended') : t('detail.ends')}</dt>
            <dd>{words.lastDay ?? t('detail.noEnd')}</dd>
          </div>
        </dl>
        <PrivilegeAction privilege={privilege} />
      </article>
      {privilege.terms ? <PrivilegeTerms terms={privilege.terms} /> : null}
    </>
  );
}
