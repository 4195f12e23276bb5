import { z } from 'zod';
import { addressBodySchema, addressTypeSchema, areaSchema, type Address, type AddressBody, type Area } from '@kartu/contracts';
import { normalizePhone, toInternational } from '@kartu/core';
import { phoneProblem } from '../../components/forms/phone-rules.ts';
import type { AreaLevel } from './api/address-keys.ts';

/** Addresses are in Indonesia only for now (decision 021): the recipient's phone is read there too. */
export const addressCountry = { code: 'ID', dialCode: '62' } as const;

/** Where the address is, as the device found it; `accuracyMeters` is known only for a position just taken. */
export const pinnedPositionSchema = z.object({ latitude: z.number(), longitude: z.number(), accuracyMeters: z.number().nullable() });
export type PinnedPosition = z.infer<typeof pinnedPositionSchema>;

/** What the address form holds: each area as chosen (code and name), the phone as typed, the position if pinned. */
export const addressFormValuesSchema = z.object({
  type: addressTypeSchema,
  recipientName: z.string(),
  recipientPhone: z.string(),
  province: areaSchema.nullable(),
  regency: areaSchema.nullable(),
  district: areaSchema.nullable(),
  village: areaSchema.nullable(),
  fullAddress: z.string(),
  zip: z.string(),
  note: z.string(),
  position: pinnedPositionSchema.nullable(),
  isPrimary: z.boolean(),
});
export type AddressFormValues = z.infer<typeof addressFormValuesSchema>;

export const emptyAddressForm: AddressFormValues = {
  type: 'home',
  recipientName: '',
  recipientPhone: '',
  province: null,
  regency: null,
  district: null,
  village: null,
  fullAddress: '',
  zip: '',
  note: '',
  position: null,
  isPrimary: false,
};

/** A saved address as the form shows it: the phone in its national form, every picker filled. */
export function addressFormValuesOf(address: Address): AddressFormValues {
  const pick = ({ code, name }: Area): Area => ({ code, name });
  return {
    type: address.type,
    recipientName: address.recipientName,
    recipientPhone: normalizePhone(address.recipientPhone, addressCountry.dialCode),
    province: pick(address.province),
    regency: pick(address.regency),
    district: pick(address.district),
    village: pick(address.village),
    fullAddress: address.fullAddress,
    zip: address.zip,
    note: address.note ?? '',
    position: address.latitude === null || address.longitude === null ? null : { latitude: address.latitude, longitude: address.longitude, accuracyMeters: null },
    isPrimary: address.isPrimary,
  };
}

/**
 * The body the server takes; an empty note is no note. The position is always sent, null when
 * there is none: the form shows the saved one, so what it sends is what the member left there
 * (decision 021).
 */
export function addressBodyOf(values: AddressFormValues): AddressBody {
  const note = values.note.trim();
  return {
    type: values.type,
    recipientName: values.recipientName,
    recipientPhone: values.recipientPhone.trim() === '' ? '' : toInternational(values.recipientPhone.trim(), addressCountry.dialCode),
    countryCode: addressCountry.code,
    provinceCode: values.province?.code ?? '',
    regencyCode: values.regency?.code ?? '',
    districtCode: values.district?.code ?? '',
    villageCode: values.village?.code ?? '',
    fullAddress: values.fullAddress,
    zip: values.zip,
    note: note === '' ? null : note,
    latitude: values.position?.latitude ?? null,
    longitude: values.position?.longitude ?? null,
    isPrimary: values.isPrimary,
  };
}

type FormField = keyof AddressFormValues;

/** The form field of a body field: an area's code is its picker. */
const formFieldOfBody: Partial<Record<string, FormField>> = {
  type: 'type',
  recipientName: 'recipientName',
  recipientPhone: 'recipientPhone',
  provinceCode: 'province',
  regencyCode: 'regency',
  districtCode: 'district',
  villageCode: 'village',
  fullAddress: 'fullAddress',
  zip: 'zip',
  note: 'note',
};

export function formFieldOf(bodyField: string): FormField | undefined {
  return formFieldOfBody[bodyField.replace(/^body\./, '')];
}

export const areaFieldOf: Record<AreaLevel, FormField> = { province: 'province', regency: 'regency', district: 'district', village: 'village' };

/** The catalogue key (under `validation.` in the addresses namespace) of a field's problem. */
function problemKey(field: FormField, values: AddressFormValues, issueCode: string): string {
  const value = values[field];
  const empty = value === null || (typeof value === 'string' && value.trim() === '');
  switch (field) {
    case 'province':
    case 'regency':
    case 'district':
    case 'village':
      return `${field}Required`;
    case 'recipientName':
      return empty ? 'recipientNameRequired' : issueCode === 'too_big' ? 'recipientNameTooLong' : 'recipientNameLetters';
    case 'fullAddress':
      return empty ? `${field}Required` : `${field}TooLong`;
    case 'zip':
      return empty ? 'zipRequired' : 'zipInvalid';
    case 'note':
      return 'noteTooLong';
    default:
      return issueCode === 'too_big' ? 'tooLong' : 'invalid';
  }
}

/**
 * The form's rules are the contract's (addressBodySchema), read on the body the form would send,
 * plus the phone check of every phone field of the app, in Indonesia. Messages are catalogue keys.
 */
export const addressFormSchema = addressFormValuesSchema.superRefine((values, context) => {
  const seen = new Set<FormField>();
  const phone = phoneProblem(values.recipientPhone, addressCountry);
  if (phone) {
    context.addIssue({ code: 'custom', path: ['recipientPhone'], message: phone });
    seen.add('recipientPhone');
  }
  const checked = addressBodySchema.safeParse(addressBodyOf(values));
  if (checked.success) return;
  for (const issue of checked.error.issues) {
    const field = formFieldOf(String(issue.path[0] ?? ''));
    if (!field || seen.has(field)) continue;
    seen.add(field);
    context.addIssue({ code: 'custom', path: [field], message: problemKey(field, values, issue.code) });
  }
});
