import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Mission } from '@kartu/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { celebratedMissionIds, rememberCelebratedMission } from '../celebrated-missions.ts';
import { useMissionWords } from '../use-mission-words.ts';

/** How recent a completion must be to open its dialog. */
const CELEBRATE_WITHIN_MS = 24 * 60 * 60_000;

/**
 * The completion dialog (app-core §2 global modals: a mission's reward, with 'see mission detail' and
 * close) for the first completed mission shown here that this device has not celebrated yet; one at
 * a time, the next after the member closes it, for completions of the last 24 hours. The mission is
 * remembered as the dialog opens.
 */
export function MissionCelebration({ missions, onDetailPage = false }: { missions: readonly Mission[]; onDetailPage?: boolean }) {
  // Read once: the missions this page remembers stay celebrated until the member closes their dialog.
  const [celebratedBefore] = useState(celebratedMissionIds);
  const [closed, setClosed] = useState<readonly string[]>([]);
  // Only a completion of the last day: a new phone does not celebrate the member's whole history.
  const [since] = useState(() => Date.now() - CELEBRATE_WITHIN_MS);
  const mission = missions.find(
    (shown) => shown.status === 'completed' && shown.completedAt !== null && Date.parse(shown.completedAt) >= since && !celebratedBefore.has(shown.id) && !closed.includes(shown.id),
  );
  const missionId = mission?.id;

  useEffect(() => {
    if (missionId) rememberCelebratedMission(missionId);
  }, [missionId]);

  if (!mission) return null;
  return <MissionCompleteDialog key={mission.id} mission={mission} showDetailLink={!onDetailPage} onClose={() => setClosed((ids) => [...ids, mission.id])} />;
}

function MissionCompleteDialog({ mission, showDetailLink, onClose }: { mission: Mission; showDetailLink: boolean; onClose: () => void }) {
  const { t } = useTranslation('missions');
  const words = useMissionWords();
  const navigate = useNavigate();
  return (
    <ModalDialog role="dialog" title={t('celebration.title')} message={<p>{words.earned(mission)}</p>} onClose={onClose}>
      {showDetailLink ? (
        <Button onClick={() => void navigate(paths.cardMission.href({ cardId: mission.cardId, missionId: mission.id }))} data-autofocus>
          {t('celebration.seeDetail')}
        </Button>
      ) : null}
      <Button variant={showDetailLink ? 'secondary' : 'primary'} onClick={onClose}>
        {t('celebration.close')}
      </Button>
    </ModalDialog>
  );
}
