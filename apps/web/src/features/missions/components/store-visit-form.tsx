import { useId } from 'react';
import { StaffCodeField } from '../../../components/forms/staff-code-field.tsx';
import { useStaffCodes } from '../../../components/forms/use-staff-codes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError, describeApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useDates } from '../../../lib/use-dates.ts';
import { useVisitStore } from '../api/visit-store.ts';

/**
 * A store visit at the counter (a visit_store task): the member hands the phone over and the cashier
 * types the store's code, and their own where the store asks for it, as for a voucher. A wrong code
 * says how many tries are left; the third locks check-ins for 24 hours and the form says until when.
 */
export function StoreVisitForm({ cardId }: { cardId: string }) {
  const { t } = useTranslation('missions');
  const dates = useDates();
  const id = useId();
  const visit = useVisitStore(cardId);
  const codes = useStaffCodes((body, form) => visit.mutate(body, { onSuccess: form.clear }));

  const error = visit.error;
  const problem = !error
    ? null
    : error instanceof ApiError && error.code === 'STORE_CODE_INVALID' && error.attemptsRemaining !== undefined
      ? t('storeVisit.wrongCode', { count: error.attemptsRemaining })
      : error instanceof ApiError && error.code === 'STORE_CODE_LOCKED' && error.lockedUntil
        ? t('storeVisit.locked', { time: dates.moment(error.lockedUntil) })
        : describeApiError(error);
  const locked = error instanceof ApiError && error.code === 'STORE_CODE_LOCKED';

  return (
    <form className="store-visit" onSubmit={codes.submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="store-visit__title">
        {t('storeVisit.title')}
      </h3>
      <p className="muted">{t('storeVisit.intro')}</p>
      <StaffCodeField id={`${id}-outlet`} label={t('storeVisit.outletCode')} value={codes.outletCode} onChange={codes.setOutletCode} enterKeyHint="next" error={codes.outletMissing ? t('storeVisit.outletRequired') : undefined} />
      <StaffCodeField id={`${id}-cashier`} label={t('storeVisit.cashierCode')} value={codes.cashierCode} onChange={codes.setCashierCode} enterKeyHint="done" />
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
      {visit.data && !visit.isPending && !error ? (
        <p className="store-visit__done" role="status">
          {visit.data.counted ? t('storeVisit.done', { outlet: visit.data.outletName }) : t('storeVisit.already', { outlet: visit.data.outletName })}
        </p>
      ) : null}
      <Button type="submit" block loading={visit.isPending} disabled={locked}>
        {t('storeVisit.submit')}
      </Button>
    </form>
  );
}
