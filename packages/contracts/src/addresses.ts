import { z } from 'zod';
import { isInternationalName } from '@kartu/core';

/* spec: business-rules §3 Address, §5 dependent area pickers; docs/decisions/021-addresses.md. */

export const addressTypes = ['home', 'office', 'other'] as const;
export const addressTypeSchema = z.enum(addressTypes);
export type AddressType = z.infer<typeof addressTypeSchema>;

export const MAX_ADDRESSES_PER_MEMBER = 20;
export const ADDRESS_NOTE_MAX_LENGTH = 200;
export const RECIPIENT_NAME_MAX_LENGTH = 100;
export const FULL_ADDRESS_MAX_LENGTH = 300;

/** Indonesia only, for now. */
export const addressCountryCodes = ['ID'] as const;

export const areaSchema = z.object({
  /** The official code: '31' (province), '31.74' (regency or city), '31.74.07' (district), '31.74.07.1001' (village). */
  code: z.string(),
  name: z.string(),
});
export type Area = z.infer<typeof areaSchema>;

/** Sorted by name. */
export const areaListSchema = z.object({ data: z.array(areaSchema) });
export type AreaList = z.infer<typeof areaListSchema>;

export const areaParamsSchema = z.object({ code: z.string().min(1).max(32) });

const areaCode = (pattern: RegExp, example: string) => z.string().trim().regex(pattern, `Must be an area code like ${example}`);
const text = (max: number) => z.string().trim().min(1).max(max);

const addressFields = z.object({
  type: addressTypeSchema,
  // spec: business-rules §5 — a name is letters only (spaces, apostrophes, hyphens and dots between them).
  recipientName: text(RECIPIENT_NAME_MAX_LENGTH).refine(isInternationalName, 'A name has letters only'),
  /** As typed ('0812…', '+62812…'); stored and answered in E.164. */
  recipientPhone: z.string().trim().min(4).max(32),
  countryCode: z.enum(addressCountryCodes).default('ID'),
  provinceCode: areaCode(/^\d{2}$/, '31'),
  regencyCode: areaCode(/^\d{2}\.\d{2}$/, '31.74'),
  districtCode: areaCode(/^\d{2}\.\d{2}\.\d{2}$/, '31.74.07'),
  villageCode: areaCode(/^\d{2}\.\d{2}\.\d{2}\.\d{4}$/, '31.74.07.1001'),
  fullAddress: text(FULL_ADDRESS_MAX_LENGTH),
  zip: z.string().trim().regex(/^\d{5}$/, 'Zip code must be 5 digits'),
  note: z.string().trim().max(ADDRESS_NOTE_MAX_LENGTH).nullish(),
  /** Degrees (WGS 84), both or neither, for delivery distance limits. Left out, an edit keeps the stored position; null removes it. */
  latitude: z.number().min(-90).max(90).nullish(),
  longitude: z.number().min(-180).max(180).nullish(),
  /** The primary address cannot be unset but by choosing another. */
  isPrimary: z.boolean().optional(),
});

export const addressBodySchema = addressFields.refine((body) => (body.latitude === undefined) === (body.longitude === undefined) && (body.latitude === null) === (body.longitude === null), {
  message: 'Latitude and longitude go together: both numbers, both null, or both left out',
  path: ['longitude'],
});
export type AddressBody = z.input<typeof addressBodySchema>;
export type AddressInput = z.output<typeof addressBodySchema>;

export const addressParamsSchema = z.object({ addressId: z.string().min(1).max(64) });

export const addressSchema = z.object({
  id: z.string(),
  type: addressTypeSchema,
  recipientName: z.string(),
  /** E.164, e.g. +6281234567890. */
  recipientPhone: z.string(),
  countryCode: z.string(),
  /** Names as saved, even if the area data changes. */
  province: areaSchema,
  regency: areaSchema,
  district: areaSchema,
  village: areaSchema,
  fullAddress: z.string(),
  zip: z.string(),
  note: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  isPrimary: z.boolean(),
  createdAt: z.string().datetime(),
  updatedAt: z.string().datetime(),
});
export type Address = z.infer<typeof addressSchema>;

/** The primary address first, then the newest. */
export const addressListSchema = z.object({ data: z.array(addressSchema) });
export type AddressList = z.infer<typeof addressListSchema>;

export const addressAnswerSchema = z.object({ data: addressSchema });
export type AddressAnswer = z.infer<typeof addressAnswerSchema>;
