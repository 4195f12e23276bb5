import type { Privilege } from '@kartu/contracts';
import { Badge } from '../../../components/ui/badge.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';
import { shownStateOf, toneOfState } from '../use-privilege-words.ts';

/** Available, Claimed, Answer in review, Approved, Locked, Not active or Ended. */
export function PrivilegeStateBadge({ privilege }: { privilege: Pick<Privilege, 'state' | 'latestAnswer'> }) {
  const { t } = useTranslation('privileges');
  const state = shownStateOf(privilege);
  return <Badge tone={toneOfState[state]}>{t(`state.${state}`)}</Badge>;
}
