import { useController, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n.tsx';
import { PhoneInput } from './phone-input.tsx';
import type { PhoneFieldValues } from './phone-rules.ts';
import { SenderChoice } from './sender-choice.tsx';

export interface PhoneFieldProps {
  id: string;
  label: string;
}

/**
 * The phone number of a react-hook-form form whose values include PhoneFieldValues (read through
 * FormProvider): the number with its region, and whether the code goes by SMS or WhatsApp.
 */
export function PhoneField({ id, label }: PhoneFieldProps) {
  const { t } = useTranslation('auth');
  const { control, setValue, formState } = useFormContext<PhoneFieldValues>();
  const { field, fieldState } = useController({ control, name: 'phone' });
  const [region, senderType] = useWatch({ control, name: ['region', 'senderType'] });
  const { error } = fieldState;
  return (
    <>
      <PhoneInput
        id={id}
        name={field.name}
        label={label}
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        region={region}
        onRegionChange={(next) => setValue('region', next, { shouldValidate: formState.isSubmitted })}
        error={error?.type === 'server' ? error.message : error?.message && t(`validation.${error.message}`)}
      />
      <SenderChoice name="senderType" value={senderType} onChange={(next) => setValue('senderType', next)} />
    </>
  );
}
