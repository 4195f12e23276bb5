import { useState } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { senderTypeSchema, type Identifier } from '@kartu/contracts';
import { isFilled, isValidPhone, normalizePhone } from '@kartu/core';
import { useLanguage } from '../../lib/i18n.ts';
import { useSite } from '../../lib/site.tsx';
import { PhoneInput } from './phone-input.tsx';
import { startingRegion, type Region } from './regions.ts';
import { SenderChoice } from './sender-choice.tsx';

/** Message keys under `validation.` in the auth namespace. */
export type PhoneProblem = 'phoneRequired' | 'phoneInvalid';

/** spec: app-core §5 Validation rules: a phone number is required, then must be valid for its region. */
export function phoneProblem(phone: string, region: Pick<Region, 'code' | 'dialCode'>): PhoneProblem | null {
  if (!isFilled(phone)) return 'phoneRequired';
  return isValidPhone(phone, { dialCode: region.dialCode, region: region.code }) ? null : 'phoneInvalid';
}

/** spec: app-core §5 Phone normalising: the national form with a leading 0, plus its dialing code. */
export function phoneIdentifier(phone: string, dialCode: string): Identifier {
  return { identifierType: 'phone', identifierValue: normalizePhone(phone, dialCode), countryCode: dialCode };
}

/** The region a phone field starts on: the merchant's country, named in the reader's language. */
export function useStartingRegion(): Region {
  const { merchant } = useSite();
  const { intlLocale } = useLanguage();
  const [region] = useState(() => startingRegion(merchant.countryCode, intlLocale));
  return region;
}

export const regionSchema = z.object({ code: z.string(), dialCode: z.string(), name: z.string() });

/** The values of a phone field in a react-hook-form form, checked with phoneProblem. */
export const phoneFieldSchema = z.object({ phone: z.string(), region: regionSchema, senderType: senderTypeSchema });
export type PhoneFieldValues = z.infer<typeof phoneFieldSchema>;

/** Adds the phone's problem, if any, to a form schema's issues at `path`. */
export function checkPhone(phone: string, region: Region, context: z.RefinementCtx, path: string[] = ['phone']): void {
  const problem = phoneProblem(phone, region);
  if (problem) context.addIssue({ code: 'custom', path, message: problem });
}

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
