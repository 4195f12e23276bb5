import { useId, useState } from 'react';
import { Controller, useForm, useWatch, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ADDRESS_NOTE_MAX_LENGTH, FULL_ADDRESS_MAX_LENGTH, RECIPIENT_NAME_MAX_LENGTH, type AddressBody } from '@kartu/contracts';
import { FormField } from '../../../components/forms/form-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError, describeApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { areaLevels, type AreaLevel } from '../api/address-keys.ts';
import { addressBodyOf, addressCountry, addressFormSchema, formFieldOf, type AddressFormValues } from '../address-form-values.ts';
import { AddressLocation } from './address-location.tsx';
import { AddressTypeChoice } from './address-type-choice.tsx';
import { AreaPicker } from './area-picker.tsx';
import { PhoneInput } from '../../../components/forms/phone-input.tsx';
import '../../../components/forms/forms.css';

export interface AddressFormProps {
  defaultValues: AddressFormValues;
  /** Editing the primary address: it stays primary until another one is chosen. */
  isPrimaryLocked?: boolean;
  busy: boolean;
  /** Sends the body; a refusal it throws is shown on the fields it names. */
  onSubmit: (body: AddressBody) => Promise<void>;
}

const digitsOnly = (text: string, max: number) => text.replace(/\D/g, '').slice(0, max);
const isAreaLevel = (field: string | undefined): field is AreaLevel => (areaLevels as readonly string[]).includes(field ?? '');

/**
 * The address form (spec: business-rules §3 Address, §5 dependent pickers): who receives it, the
 * four area levels, each open once the one above is chosen and cleared when it changes, then the
 * street, zip, note and the position from the device. Checked with the contract's rules before
 * anything is sent.
 */
export function AddressForm({ defaultValues, isPrimaryLocked = false, busy, onSubmit }: AddressFormProps) {
  const { t } = useTranslation('addresses');
  const formId = useId();
  const problemId = `${formId}-problem`;
  const [problem, setProblem] = useState<string | null>(null);
  const { register, control, handleSubmit, setValue, setError, formState } = useForm<AddressFormValues>({
    resolver: zodResolver(addressFormSchema),
    defaultValues,
  });
  const [province, regency, district, note] = useWatch({ control, name: ['province', 'regency', 'district', 'note'] });
  const errors = formState.errors;

  const messageOf = (error: FieldError | undefined, max?: number): string | undefined => {
    if (!error?.message) return undefined;
    return error.type === 'server' ? error.message : t(`validation.${error.message}`, { max });
  };

  /** Chooses an area and empties the levels below it, whose lists depend on it. */
  const chooseArea = (level: AreaLevel, area: AddressFormValues[AreaLevel]) => {
    const validate = formState.isSubmitted;
    setValue(level, area, { shouldValidate: validate, shouldDirty: true });
    for (const lower of areaLevels.slice(areaLevels.indexOf(level) + 1)) setValue(lower, null, { shouldValidate: validate, shouldDirty: true });
  };

  const showRefusal = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'ADDRESS_AREA_INVALID') {
      // decision 021: the issue names the first level that does not nest; it and the ones below are chosen again.
      const level = formFieldOf(error.details?.[0]?.field ?? '');
      if (isAreaLevel(level)) {
        chooseArea(level, null);
        setError(level, { type: 'server', message: t(`areaInvalid.${level}`) }, { shouldFocus: true });
        return;
      }
    }
    const fields = error instanceof ApiError && error.code === 'VALIDATION_FAILED' ? (error.details ?? []) : [];
    let shown = false;
    for (const issue of fields) {
      const field = formFieldOf(issue.field);
      if (!field) continue;
      const key = field === 'recipientPhone' ? 'phoneInvalid' : isAreaLevel(field) ? `${field}Required` : 'invalid';
      setError(field, { type: 'server', message: key === 'invalid' ? issue.message : t(`validation.${key}`) }, { shouldFocus: !shown });
      shown = true;
    }
    if (!shown) setProblem(describeApiError(error));
  };

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      await onSubmit(addressBodyOf(values));
    } catch (error) {
      showRefusal(error);
    }
  });

  const chosenAbove = { province: null, regency: province, district: regency, village: district };

  return (
    <form className="address-form" noValidate onSubmit={(event) => void submit(event)} aria-describedby={problem ? problemId : undefined}>
      <Controller control={control} name="type" render={({ field }) => <AddressTypeChoice name={field.name} value={field.value} onChange={field.onChange} />} />

      <FormField id={`${formId}-name`} label={t('form.recipientName')} error={messageOf(errors.recipientName, RECIPIENT_NAME_MAX_LENGTH)}>
        {(fieldControl) => <input {...fieldControl} {...register('recipientName')} className="text-input" autoComplete="name" maxLength={RECIPIENT_NAME_MAX_LENGTH} />}
      </FormField>

      <Controller
        control={control}
        name="recipientPhone"
        render={({ field, fieldState }) => (
          <PhoneInput
            id={`${formId}-phone`}
            name={field.name}
            label={t('form.recipientPhone')}
            dialCode={addressCountry.dialCode}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={messageOf(fieldState.error)}
          />
        )}
      />

      <fieldset className="address-form__areas">
        <legend className="address-form__legend">{t('form.area')}</legend>
        {areaLevels.map((level) => (
          <Controller
            key={level}
            control={control}
            name={level}
            render={({ field, fieldState }) => (
              <AreaPicker
                level={level}
                parentCode={chosenAbove[level]?.code ?? null}
                value={field.value}
                onChange={(area) => chooseArea(level, area)}
                onBlur={field.onBlur}
                buttonRef={field.ref}
                error={messageOf(fieldState.error)}
              />
            )}
          />
        ))}
      </fieldset>

      <FormField
        id={`${formId}-street`}
        label={t('form.fullAddress')}
        error={messageOf(errors.fullAddress, FULL_ADDRESS_MAX_LENGTH)}
        describedBy={`${formId}-street-hint`}
        hint={
          <p id={`${formId}-street-hint`} className="field__hint muted">
            {t('form.fullAddressHint')}
          </p>
        }
      >
        {(fieldControl) => (
          <textarea {...fieldControl} {...register('fullAddress')} className="text-input address-form__textarea" rows={3} autoComplete="street-address" maxLength={FULL_ADDRESS_MAX_LENGTH} />
        )}
      </FormField>

      <FormField id={`${formId}-zip`} label={t('form.zip')} error={messageOf(errors.zip)}>
        {(fieldControl) => {
          const zip = register('zip');
          return (
            <input
              {...fieldControl}
              {...zip}
              onChange={(event) => {
                event.target.value = digitsOnly(event.target.value, 5);
                return zip.onChange(event);
              }}
              className="text-input address-form__zip"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="postal-code"
              maxLength={5}
            />
          );
        }}
      </FormField>

      <FormField
        id={`${formId}-note`}
        label={t('form.note')}
        error={messageOf(errors.note, ADDRESS_NOTE_MAX_LENGTH)}
        describedBy={`${formId}-note-count`}
        hint={
          <p id={`${formId}-note-count`} className="field__hint muted address-form__count">
            {t('form.noteCount', { count: note.length, max: ADDRESS_NOTE_MAX_LENGTH })}
          </p>
        }
      >
        {(fieldControl) => (
          <textarea {...fieldControl} {...register('note')} className="text-input address-form__textarea" rows={2} maxLength={ADDRESS_NOTE_MAX_LENGTH} placeholder={t('form.notePlaceholder')} />
        )}
      </FormField>

      <Controller control={control} name="position" render={({ field }) => <AddressLocation value={field.value} onChange={(position) => field.onChange(position)} />} />

      <div className="field">
        <div className="consent address-form__primary">
          <Controller
            control={control}
            name="isPrimary"
            render={({ field }) => (
              <input
                ref={field.ref}
                id={`${formId}-primary`}
                type="checkbox"
                name={field.name}
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                disabled={isPrimaryLocked}
                aria-describedby={isPrimaryLocked ? `${formId}-primary-hint` : undefined}
              />
            )}
          />
          <label htmlFor={`${formId}-primary`}>{t('form.isPrimary')}</label>
        </div>
        {isPrimaryLocked ? (
          <p id={`${formId}-primary-hint`} className="field__hint muted">
            {t('form.isPrimaryLocked')}
          </p>
        ) : null}
      </div>

      {problem ? (
        <p id={problemId} className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
      <Button type="submit" block loading={busy}>
        {t('form.save')}
      </Button>
    </form>
  );
}
