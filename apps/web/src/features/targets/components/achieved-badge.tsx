import { Badge } from '../../../components/ui/badge.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';

export function AchievedBadge() {
  const { t } = useTranslation('targets');
  return <Badge tone="success">{t('achieved')}</Badge>;
}
