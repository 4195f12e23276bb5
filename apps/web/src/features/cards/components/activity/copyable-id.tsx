import { copyToClipboard } from '../../../../components/feedback/copy-to-clipboard.ts';
import { toast } from '../../../../components/feedback/toast-store.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { useTranslation } from '../../../../lib/i18n.tsx';

/** A transaction's id as the last fact of its page, with a button that copies it (for support). */
export function CopyableId({ label, id }: { label: string; id: string }) {
  const { t } = useTranslation('cards');
  const copy = async () => {
    if (!(await copyToClipboard(id))) toast.error(t('activity.detail.copyFailed'));
  };
  return (
    <>
      <dt>{label}</dt>
      <dd className="activity-facts__id">
        <code>{id}</code>
        <Button variant="secondary" className="activity-copy" onClick={() => void copy()}>
          {t('activity.detail.copyId')}
        </Button>
      </dd>
    </>
  );
}
