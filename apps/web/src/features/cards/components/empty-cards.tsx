import type { ComponentType } from 'react';
import { useTranslation } from '../../../lib/i18n.tsx';
import type { CardView } from '@kartu/contracts';
import { paths } from '../../../config/paths.ts';
import { useSite } from '../../../lib/site.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ArchiveIllustration, HiddenIllustration, WalletIllustration } from '../../../components/ui/empty-illustrations.tsx';

const illustrations: Record<CardView, ComponentType> = {
  active: WalletIllustration,
  hidden: HiddenIllustration,
  archived: ArchiveIllustration,
};

/** What a view says when it holds no card; the active view offers to add one. */
export function EmptyCards({ view }: { view: CardView }) {
  const { t } = useTranslation('cards');
  const { merchant } = useSite();
  const Illustration = illustrations[view];
  return (
    <EmptyState
      illustration={<Illustration />}
      title={t(`list.empty.${view}.title`)}
      message={t(`list.empty.${view}.message`, { brand: merchant.brand })}
      action={view === 'active' ? <ButtonLink to={paths.addCard.href()}>{t('list.addCard')}</ButtonLink> : undefined}
    />
  );
}
