import { useTranslation } from '../../../../lib/i18n.tsx';
import type { TransferPreview } from '../../api/transfer-preview.ts';
import { Button } from '../../../../components/ui/button.tsx';

/** Who receives: the masked name and phone the server shared, so the member can check before sending. */
export function RecipientSummary({ preview, onChange }: { preview: TransferPreview; onChange?: () => void }) {
  const { t } = useTranslation('cards');
  const { name, phone } = preview.recipient;
  return (
    <div className="activity-recipient card-surface">
      <p className="muted">{t('activity.transfer.recipientLabel')}</p>
      <p className="activity-recipient__name">{name ?? t('activity.transfer.unnamedMember')}</p>
      <p className="muted">{phone}</p>
      {onChange ? (
        <Button variant="secondary" className="activity-recipient__change" onClick={onChange}>
          {t('activity.transfer.changeRecipient')}
        </Button>
      ) : null}
    </div>
  );
}
