import { useState } from 'react';
import type { Privilege } from '@kartu/contracts';
import { toast } from '../../../components/feedback/toast-store.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { describeApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useClaimPrivilege } from '../api/claim-privilege.ts';

/**
 * 'Claim' on a voucher perk open to the member: a confirmation first, as a perk is claimed once; then
 * a toast, and the page shows the perk claimed with the way to the vouchers. A refusal (the perk
 * ended or was paused meanwhile) is said in the member's language, and the perk is read again.
 */
export function ClaimPrivilege({ privilege, onClaimed }: { privilege: Privilege; onClaimed: () => void }) {
  const { t } = useTranslation('privileges');
  const [asking, setAsking] = useState(false);
  const claim = useClaimPrivilege();
  const voucher = { count: privilege.voucher?.quantity ?? 1, name: privilege.voucher?.name ?? privilege.title };

  // Awaited rather than given callbacks: the claimed perk replaces this button before the call settles.
  const confirm = async () => {
    try {
      await claim.mutateAsync({ cardId: privilege.cardId, privilegeId: privilege.id });
      toast.success(t('claim.done', voucher));
      onClaimed();
    } catch (error) {
      const message = describeApiError(error);
      if (message) toast.error(message);
    } finally {
      setAsking(false);
    }
  };

  return (
    <>
      <Button block onClick={() => setAsking(true)}>
        {t('claim.action')}
      </Button>
      {asking ? (
        <ModalDialog role="alertdialog" title={t('claim.title')} message={<p>{t('claim.message', voucher)}</p>} onClose={() => (claim.isPending ? undefined : setAsking(false))}>
          <Button onClick={() => void confirm()} loading={claim.isPending}>
            {t('claim.confirm')}
          </Button>
          {/* Focus starts here, so a stray Enter never claims. */}
          <Button variant="secondary" onClick={() => setAsking(false)} disabled={claim.isPending} data-autofocus>
            {t('claim.cancel')}
          </Button>
        </ModalDialog>
      ) : null}
    </>
  );
}
