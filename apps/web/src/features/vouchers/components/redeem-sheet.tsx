import { useId } from 'react';
import type { Voucher } from '@kartu/contracts';
import { StaffCodeField } from '../../../components/forms/staff-code-field.tsx';
import { useStaffCodes } from '../../../components/forms/use-staff-codes.ts';
import { BottomSheet } from '../../../components/ui/bottom-sheet.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError, describeApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useRedeemVoucher } from '../api/change-voucher.ts';
import { useDates } from '../../../lib/use-dates.ts';

interface RedeemSheetProps {
  voucher: Voucher;
  onClose: () => void;
  onRedeemed: (voucher: Voucher) => void;
}

/**
 * The counter's step (business-rules §6): the member hands the phone over and the cashier types the
 * outlet's code, and their own where the outlet asks for it. A wrong code says how many tries are
 * left; the third locks the voucher for 24 hours and the sheet says until when.
 */
export function RedeemSheet({ voucher, onClose, onRedeemed }: RedeemSheetProps) {
  const { t } = useTranslation('cards');
  const dates = useDates();
  const id = useId();
  const redeem = useRedeemVoucher(voucher.id);
  const codes = useStaffCodes((body) => redeem.mutate(body, { onSuccess: onRedeemed }));

  const failure = () => {
    const error = redeem.error;
    if (!error) return null;
    if (error instanceof ApiError && error.code === 'VOUCHER_OUTLET_CODE_INVALID' && error.attemptsRemaining !== undefined) {
      return t('vouchers.redeem.wrongCode', { count: error.attemptsRemaining });
    }
    if (error instanceof ApiError && error.code === 'VOUCHER_LOCKED' && error.lockedUntil) {
      return t('vouchers.redeem.locked', { time: dates.moment(error.lockedUntil) });
    }
    return describeApiError(error);
  };
  const problem = failure();
  const locked = redeem.error instanceof ApiError && redeem.error.code === 'VOUCHER_LOCKED';

  return (
    <BottomSheet title={t('vouchers.redeem.title')} closeLabel={t('vouchers.redeem.close')} onClose={onClose} className="redeem-sheet">
      <form className="redeem-sheet__form" onSubmit={codes.submit} noValidate>
        <p className="muted">{t('vouchers.redeem.intro', { name: voucher.template.name })}</p>
        <StaffCodeField id={`${id}-outlet`} label={t('vouchers.redeem.outletCode')} value={codes.outletCode} onChange={codes.setOutletCode} enterKeyHint="next" error={codes.outletMissing ? t('vouchers.redeem.outletRequired') : undefined} />
        <StaffCodeField id={`${id}-cashier`} label={t('vouchers.redeem.cashierCode')} value={codes.cashierCode} onChange={codes.setCashierCode} enterKeyHint="done" />
        {problem ? (
          <p className="field__error" role="alert">
            {problem}
          </p>
        ) : null}
        <Button type="submit" block loading={redeem.isPending} disabled={locked}>
          {t('vouchers.redeem.submit')}
        </Button>
        <Button variant="secondary" block onClick={onClose}>
          {t('vouchers.redeem.cancel')}
        </Button>
      </form>
    </BottomSheet>
  );
}
