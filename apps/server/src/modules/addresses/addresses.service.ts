import { isValidPhone, normalizePhone, PHONE_ERROR_MESSAGE, phoneRegionOf, toInternational } from '@kartu/core';
import { MAX_ADDRESSES_PER_MEMBER, type Address, type AddressInput } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  clearPrimary,
  countAddresses,
  deleteAddress,
  findAddress,
  findNewestAddress,
  insertAddress,
  listAddresses,
  lockOwner,
  updateAddress,
  type AddressOwner,
} from './addresses.repository.ts';
import type { MemberAddressRow, NewMemberAddressRow } from './addresses.table.ts';
import { areaPath, type AreaLevel } from '../geography/areas.ts';

/*
 * A member's delivery addresses (docs/decisions/021-addresses.md). A member with addresses has
 * exactly one primary address: the first one, until another is chosen; deleting it passes the
 * flag to the newest one left. Anyone else's address is not found, as cards are.
 */

export interface AddressRequest extends AddressOwner {
  db: Database;
}

function toAddress(row: MemberAddressRow): Address {
  return {
    id: row.id,
    type: row.type,
    recipientName: row.recipientName,
    recipientPhone: row.recipientPhone,
    countryCode: row.countryCode,
    province: { code: row.provinceCode, name: row.provinceName },
    regency: { code: row.regencyCode, name: row.regencyName },
    district: { code: row.districtCode, name: row.districtName },
    village: { code: row.villageCode, name: row.villageName },
    fullAddress: row.fullAddress,
    zip: row.zip,
    note: row.note,
    latitude: row.latitude,
    longitude: row.longitude,
    isPrimary: row.isPrimary,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notFound = () => new AppError('ADDRESS_NOT_FOUND');

/** The recipient's phone in E.164, read in the address's country as the sign-in reads a member's. */
function recipientPhoneOf(typed: string, countryCode: string): string {
  const { code: region, dialCode } = phoneRegionOf(countryCode);
  const national = normalizePhone(typed, dialCode);
  if (!isValidPhone(national, { dialCode, region })) {
    throw new AppError('VALIDATION_FAILED', { message: PHONE_ERROR_MESSAGE, details: [{ field: 'body.recipientPhone', rule: 'invalid_format', message: PHONE_ERROR_MESSAGE }] });
  }
  return toInternational(national, dialCode);
}

const wrongAreaMessages: Record<AreaLevel, string> = {
  province: 'Choose a province from the list',
  regency: 'Choose a city or regency of the chosen province',
  district: 'Choose a district of the chosen city or regency',
  village: 'Choose a subdistrict of the chosen district',
};

/** The address as stored, its areas' names taken from the area data; refused when the areas do not nest. */
async function addressFields(input: AddressInput): Promise<Omit<NewMemberAddressRow, 'merchantId' | 'userId' | 'isPrimary' | 'createdAt' | 'updatedAt'>> {
  const recipientPhone = recipientPhoneOf(input.recipientPhone, input.countryCode);
  const found = await areaPath(input);
  if ('wrongLevel' in found) {
    const message = wrongAreaMessages[found.wrongLevel];
    throw new AppError('ADDRESS_AREA_INVALID', { message, details: [{ field: `body.${found.wrongLevel}Code`, rule: 'not_in_area', message }] });
  }
  const { province, regency, district, village } = found.path;
  return {
    type: input.type,
    recipientName: input.recipientName,
    recipientPhone,
    countryCode: input.countryCode,
    provinceCode: province.code,
    provinceName: province.name,
    regencyCode: regency.code,
    regencyName: regency.name,
    districtCode: district.code,
    districtName: district.name,
    villageCode: village.code,
    villageName: village.name,
    fullAddress: input.fullAddress,
    zip: input.zip,
    // An emptied note is no note.
    note: input.note || null,
    // decision 021: a body without a position leaves the stored one (none on a new address); null clears it.
    ...(input.latitude !== undefined && input.longitude !== undefined && { latitude: input.latitude, longitude: input.longitude }),
  };
}

export async function listMemberAddresses({ db, ...owner }: AddressRequest): Promise<Address[]> {
  return (await listAddresses(db, owner)).map(toAddress);
}

export async function getMemberAddress({ db, addressId, ...owner }: AddressRequest & { addressId: string }): Promise<Address> {
  const row = isUuid(addressId) ? await findAddress(db, owner, addressId) : undefined;
  if (!row) throw notFound();
  return toAddress(row);
}

/** Adds an address; the member's first becomes the primary one, as does one saved with isPrimary. */
export async function createMemberAddress({ db, input, now, ...owner }: AddressRequest & { input: AddressInput; now: Date }): Promise<Address> {
  const fields = await addressFields(input);
  return db.transaction(async (tx) => {
    await lockOwner(tx, owner);
    const held = await countAddresses(tx, owner);
    if (held >= MAX_ADDRESSES_PER_MEMBER) throw new AppError('ADDRESS_LIMIT_REACHED');
    const isPrimary = held === 0 || input.isPrimary === true;
    if (isPrimary) await clearPrimary(tx, owner, { now });
    return toAddress(await insertAddress(tx, { ...owner, ...fields, isPrimary, createdAt: now, updatedAt: now }));
  });
}

/** Replaces an address's fields; isPrimary true makes it the primary one (false keeps what it is). */
export async function updateMemberAddress({ db, addressId, input, now, ...owner }: AddressRequest & { addressId: string; input: AddressInput; now: Date }): Promise<Address> {
  if (!isUuid(addressId)) throw notFound();
  const fields = await addressFields(input);
  return db.transaction(async (tx) => {
    await lockOwner(tx, owner);
    const existing = await findAddress(tx, owner, addressId);
    if (!existing) throw notFound();
    const makePrimary = input.isPrimary === true && !existing.isPrimary;
    if (makePrimary) await clearPrimary(tx, owner, { now });
    const row = await updateAddress(tx, owner, addressId, { ...fields, ...(makePrimary && { isPrimary: true }), updatedAt: now });
    if (!row) throw notFound();
    return toAddress(row);
  });
}

export async function makePrimaryAddress({ db, addressId, now, ...owner }: AddressRequest & { addressId: string; now: Date }): Promise<Address> {
  if (!isUuid(addressId)) throw notFound();
  return db.transaction(async (tx) => {
    await lockOwner(tx, owner);
    const existing = await findAddress(tx, owner, addressId);
    if (!existing) throw notFound();
    if (existing.isPrimary) return toAddress(existing);
    await clearPrimary(tx, owner, { now });
    const row = await updateAddress(tx, owner, addressId, { isPrimary: true, updatedAt: now });
    if (!row) throw notFound();
    return toAddress(row);
  });
}

/** Deletes an address; when it was the primary one, the newest address left becomes primary. */
export async function deleteMemberAddress({ db, addressId, now, ...owner }: AddressRequest & { addressId: string; now: Date }): Promise<void> {
  if (!isUuid(addressId)) throw notFound();
  await db.transaction(async (tx) => {
    await lockOwner(tx, owner);
    const deleted = await deleteAddress(tx, owner, addressId);
    if (!deleted) throw notFound();
    if (!deleted.isPrimary) return;
    const newest = await findNewestAddress(tx, owner);
    if (newest) await updateAddress(tx, owner, newest.id, { isPrimary: true, updatedAt: now });
  });
}

export interface FixedAddressInput {
  recipientName: string;
  recipientPhone: string;
  /** The subdistrict's code ('31.74.07.1006'): its district, city and province are the codes it starts with. */
  villageCode: string;
  fullAddress: string;
  zip: string;
  note?: string | null | undefined;
}

/**
 * A program's fixed delivery address (the card detail's fixedAddressDetail), checked as a member's
 * address is: the phone, the areas (named by the subdistrict's code), the zip.
 */
export async function fixedAddressDetailOf(input: FixedAddressInput): Promise<Record<string, string>> {
  const [province = '', regency = '', district = ''] = input.villageCode.split('.');
  const fields = await addressFields({
    type: 'other',
    recipientName: input.recipientName,
    recipientPhone: input.recipientPhone,
    countryCode: 'ID',
    provinceCode: province,
    regencyCode: `${province}.${regency}`,
    districtCode: `${province}.${regency}.${district}`,
    villageCode: input.villageCode,
    fullAddress: input.fullAddress,
    zip: input.zip,
    note: input.note ?? null,
  });
  return {
    recipientName: fields.recipientName,
    recipientPhone: fields.recipientPhone,
    fullAddress: fields.fullAddress,
    village: fields.villageName,
    district: fields.districtName,
    regency: fields.regencyName,
    province: fields.provinceName,
    zip: fields.zip,
    countryCode: fields.countryCode ?? 'ID',
    villageCode: fields.villageCode,
    ...(fields.note && { note: fields.note }),
  };
}
