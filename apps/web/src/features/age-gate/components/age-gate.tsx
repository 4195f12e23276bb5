import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.tsx';
import { ageThreshold } from '@kartu/core';
import { useSite } from '../../../lib/site.tsx';
import { AGE_GATE_EXIT_URL, readNextConfirmTime, shouldShowAgeGate, storeAgeConfirmation } from '../age-confirmation.ts';
import { leaveSite } from '../leave-site.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';

function isDue(enabled: boolean): boolean {
  return shouldShowAgeGate({ enabled, storedNextConfirm: readNextConfirmTime(), now: Date.now() });
}

/**
 * The global age confirmation for merchants that sell to adults only (spec: app-core §4 Age
 * confirmation, business-rules §4). Mount it once beside the routes.
 */
export function AgeGate() {
  const { merchant } = useSite();
  const enabled = merchant.flags.ageGate;
  const [open, setOpen] = useState(() => isDue(enabled));

  // A tab left open past the hour asks again when the visitor comes back to it.
  useEffect(() => {
    if (!enabled) return;
    const recheck = () => {
      if (document.visibilityState === 'visible' && isDue(enabled)) setOpen(true);
    };
    document.addEventListener('visibilitychange', recheck);
    return () => document.removeEventListener('visibilitychange', recheck);
  }, [enabled]);

  if (!open) return null;
  return (
    <AgeGateDialog
      threshold={ageThreshold(merchant.countryCode)}
      brand={merchant.brand}
      onConfirm={() => {
        storeAgeConfirmation(Date.now());
        setOpen(false);
      }}
    />
  );
}

interface AgeGateDialogProps {
  threshold: number;
  brand: string;
  onConfirm: () => void;
}

function AgeGateDialog({ threshold, brand, onConfirm }: AgeGateDialogProps) {
  const { t } = useTranslation('account');
  const titleId = useId();
  const messageId = useId();

  return (
    // No onCancel: the gate cannot be dismissed, only answered.
    <Dialog className="dialog-backdrop dialog-backdrop--blocking" labelledBy={titleId} describedBy={messageId}>
      <div className="modal-dialog">
        <h2 id={titleId}>{t('ageGate.title', { threshold })}</h2>
        <p id={messageId} className="muted">
          {t('ageGate.message', { brand, threshold })}
        </p>
        <div className="modal-dialog__actions">
          <Button onClick={onConfirm}>
            {t('ageGate.confirm', { threshold })}
          </Button>
          <Button variant="secondary" onClick={() => leaveSite(AGE_GATE_EXIT_URL)}>
            {t('ageGate.cancel')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
