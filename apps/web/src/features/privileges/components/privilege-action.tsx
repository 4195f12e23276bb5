import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Privilege } from '@kartu/contracts';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { shownStateOf, usePrivilegeWords } from '../use-privilege-words.ts';
import { ClaimPrivilege } from './claim-privilege.tsx';

/**
 * What the member can do with the perk now, by its state (app-core §2 privileges/{privilegeId};
 * business-rules §8 'perk not active', 'promotion ended'; §9 review within 2 working days): claim it,
 * answer its survey, see the vouchers or the answers it brought, or why it is out of reach.
 * The survey page shows the same words when its form is not open.
 */
export function PrivilegeAction({ privilege }: { privilege: Privilege }) {
  const { t } = useTranslation('privileges');
  const words = usePrivilegeWords();
  const [claimedHere, setClaimedHere] = useState(false);
  const { cardId } = privilege;
  const answers = (
    <ButtonLink variant="secondary" to={paths.cardPrivilegeAnswers.href({ cardId, privilegeId: privilege.id })}>
      {t('action.myAnswers')}
    </ButtonLink>
  );
  const vouchers = (
    <ButtonLink variant="secondary" to={paths.cardVouchers.href({ cardId })}>
      {t('action.seeVouchers')}
    </ButtonLink>
  );

  switch (shownStateOf(privilege)) {
    case 'available':
      if (privilege.kind === 'voucher') return <ActionPanel actions={<ClaimPrivilege privilege={privilege} onClaimed={() => setClaimedHere(true)} />} />;
      return (
        <ActionPanel
          note={privilege.latestAnswer?.state === 'rejected' ? t('action.rejectedBefore') : undefined}
          actions={
            <>
              <ButtonLink block to={paths.cardPrivilegeSurvey.href({ cardId, privilegeId: privilege.id })}>
                {t('action.answer')}
              </ButtonLink>
              {privilege.latestAnswer ? answers : null}
            </>
          }
        />
      );
    case 'claimed':
      return <ActionPanel status={t('action.claimed')} note={t('action.claimedNote')} actions={vouchers} focus={claimedHere} />;
    case 'inReview':
      return <ActionPanel status={t('action.inReview')} note={t('action.reviewTime')} actions={answers} />;
    case 'approved':
      return (
        <ActionPanel
          status={t('action.approved')}
          note={privilege.rewardPoints === null ? undefined : t('action.approvedPoints', { points: words.points(privilege.rewardPoints, privilege.unit) })}
          actions={answers}
        />
      );
    case 'locked':
      return <LockedPanel privilege={privilege} />;
    case 'inactive':
      return <ActionPanel status={t('action.inactive')} />;
    case 'ended':
      return <ActionPanel status={t('action.ended')} />;
  }
}

/** Why a locked perk is out of reach, and the page that leads to it: the levels, or a membership. */
function LockedPanel({ privilege }: { privilege: Privilege }) {
  const { t } = useTranslation('privileges');
  const { cardId, lock } = privilege;
  if (lock?.kind === 'level') {
    return (
      <ActionPanel
        status={t('action.lockedLevel', { levelName: lock.levelName })}
        actions={<ButtonLink variant="secondary" to={paths.cardLevels.href({ cardId })}>{t('action.seeLevels')}</ButtonLink>}
      />
    );
  }
  if (lock?.kind === 'subscription') {
    return (
      <ActionPanel
        status={t('action.lockedSubscription')}
        actions={<ButtonLink variant="secondary" to={paths.cardSubscribe.href({ cardId })}>{t('action.subscribe')}</ButtonLink>}
      />
    );
  }
  return <ActionPanel status={t('action.locked')} />;
}

interface ActionPanelProps {
  /** Where the perk stands, in a sentence. */
  status?: string;
  note?: string;
  actions?: ReactNode;
  /** Takes focus once drawn: the perk was just claimed, and the button that had focus is gone. */
  focus?: boolean;
}

function ActionPanel({ status, note, actions, focus = false }: ActionPanelProps) {
  const statusRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focus) statusRef.current?.focus();
  }, [focus]);
  return (
    <div className="privilege-action">
      {status ? (
        <p ref={statusRef} className="privilege-action__status" tabIndex={focus ? -1 : undefined}>
          {status}
        </p>
      ) : null}
      {note ? <p className="privilege-action__note">{note}</p> : null}
      {actions ? <div className="privilege-action__actions">{actions}</div> : null}
    </div>
  );
}
