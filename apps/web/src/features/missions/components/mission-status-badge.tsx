import type { MissionStatus } from '@kartu/contracts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';

const toneOf: Record<MissionStatus, BadgeTone> = { active: 'brand', completed: 'success', expired: 'neutral' };

export function MissionStatusBadge({ status }: { status: MissionStatus }) {
  const { t } = useTranslation('missions');
  return <Badge tone={toneOf[status]}>{t(`status.${status}`)}</Badge>;
}
