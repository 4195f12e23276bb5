import type { PushKind } from '@kartu/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';
import type { PushNotice } from '../push-notice.ts';

interface RewardModalProps {
  notice: PushNotice & { kind: PushKind };
  /** Leads to the push's page: the card, the rewards, the mission. */
  onAction: () => void;
  onClose: () => void;
}

/**
 * The global modal a push opens (app-core §2 global modals, §4 push kinds): the push's words (the
 * server's, in the member's language), or the kind's own when it came without, and the kind's way
 * on ('See my card', 'Check my rewards', 'See mission detail') beside Close.
 */
export function RewardModal({ notice, onAction, onClose }: RewardModalProps) {
  const { t } = useTranslation('push');
  const kind = `modal.kinds.${notice.kind}`;
  return (
    <ModalDialog role="dialog" title={notice.title || t(`${kind}.title`)} message={<p>{notice.body || t(`${kind}.label`)}</p>} onClose={onClose}>
      <Button onClick={onAction} data-autofocus>
        {t(`${kind}.action`)}
      </Button>
      <Button variant="secondary" onClick={onClose}>
        {t('modal.close')}
      </Button>
    </ModalDialog>
  );
}
