import { useNavigate, useParams } from 'react-router';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { isNotFound } from '../../../components/shop/use-shop-card.ts';
import { GiftIllustration } from '../../../components/ui/empty-illustrations.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { PageNotFoundError } from '../../../lib/page-not-found.ts';
import { useCardPrivileges } from '../../../lib/privileges.ts';
import { PrivilegeCard } from '../components/privilege-card.tsx';
import { PrivilegesLoadError, PrivilegesSkeleton } from '../components/privilege-states.tsx';
import '../privileges.css';

/**
 * '/cards/:cardId/privileges' (app-core §2 privileges): the card program's perks that started, and
 * those that ended in the last 30 days, available ones first, each opening its page. Back leads to the card.
 */
export function PrivilegesPage() {
  const { cardId = '' } = useParams();
  const { t } = useTranslation('privileges');
  const { t: common } = useTranslation();
  const navigate = useNavigate();
  const privileges = useCardPrivileges(cardId);
  if (!privileges.data && isNotFound(privileges.error)) throw new PageNotFoundError(common('errors.CARD_NOT_FOUND'));
  return (
    <AppLayout header={<Header title={t('title')} onBack={() => void navigate(paths.cardDetail.href({ cardId }))} />}>
      <div className="privileges-page">
        {privileges.data ? (
          privileges.data.length > 0 ? (
            <ul className="privileges-list">
              {privileges.data.map((privilege) => (
                <li key={privilege.id}>
                  <PrivilegeCard privilege={privilege} />
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState illustration={<GiftIllustration />} title={t('empty.title')} message={t('empty.message')} />
          )
        ) : privileges.isError ? (
          <PrivilegesLoadError error={privileges.error} onRetry={() => void privileges.refetch()} />
        ) : (
          <PrivilegesSkeleton />
        )}
      </div>
    </AppLayout>
  );
}
