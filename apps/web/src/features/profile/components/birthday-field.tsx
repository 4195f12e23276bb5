import { useMemo } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { useLanguage, useTranslation } from '../../../lib/i18n.tsx';
import type { ProfileFormValues } from '../profile-form-values.ts';

export interface BirthdayFieldProps {
  id: string;
  register: UseFormRegister<ProfileFormValues>;
  /** Already translated. */
  error?: string;
}

/** The first year a birthday may have (the contract's rule). */
const FIRST_YEAR = 1900;

/** spec: business-rules §3 Profile: the birthday as day, month and year, each a choice; the month named in the member's language. */
export function BirthdayField({ id, register, error }: BirthdayFieldProps) {
  const { t } = useTranslation('profile');
  const { intlLocale } = useLanguage();
  const errorId = `${id}-error`;
  const months = useMemo(() => {
    const format = new Intl.DateTimeFormat(intlLocale, { month: 'long', timeZone: 'UTC' });
    return Array.from({ length: 12 }, (_, index) => format.format(new Date(Date.UTC(2000, index, 1))));
  }, [intlLocale]);
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: thisYear - FIRST_YEAR + 1 }, (_, index) => thisYear - index);
  const control = { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined, className: 'text-input profile-birthday__select' } as const;

  return (
    <fieldset className="profile-birthday">
      <legend className="field__label">{t('form.birthday')}</legend>
      <div className="profile-birthday__parts">
        <div className="profile-birthday__part">
          <label htmlFor={`${id}-day`} className="profile-birthday__label">
            {t('form.day')}
          </label>
          <select id={`${id}-day`} {...control} {...register('birthday.day')} autoComplete="bday-day">
            <option value="">–</option>
            {Array.from({ length: 31 }, (_, index) => (
              <option key={index} value={String(index + 1)}>
                {index + 1}
              </option>
            ))}
          </select>
        </div>
        <div className="profile-birthday__part">
          <label htmlFor={`${id}-month`} className="profile-birthday__label">
            {t('form.month')}
          </label>
          <select id={`${id}-month`} {...control} {...register('birthday.month')} autoComplete="bday-month">
            <option value="">–</option>
            {months.map((month, index) => (
              <option key={month} value={String(index + 1)}>
                {month}
              </option>
            ))}
          </select>
        </div>
        <div className="profile-birthday__part">
          <label htmlFor={`${id}-year`} className="profile-birthday__label">
            {t('form.year')}
          </label>
          <select id={`${id}-year`} {...control} {...register('birthday.year')} autoComplete="bday-year">
            <option value="">–</option>
            {years.map((year) => (
              <option key={year} value={String(year)}>
                {year}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
