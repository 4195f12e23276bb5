import type { Profile, ProfileInput } from '@kartu/contracts';
import { dialCodeOf } from '@kartu/core';
import { isoDateIn } from '@kartu/core/calendar';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MerchantRef } from '../auth/auth.context.ts';
import { signsInByEmail } from '../auth/identifier.ts';
import { getMember, replacePhoto, saveProfile } from '../auth/users.service.ts';
import type { UserRow } from '../auth/users.table.ts';
import { getImageView, prepareImage, removeImage, saveResizedImage } from '../media/images.service.ts';
import type { BlobStore } from '../storage/blob-store.ts';

/* The member's profile: spec business-rules §3 Profile, app-core §7; docs/decisions/032-profile.md. */

type ProfileMerchant = Pick<MerchantRef, 'id' | 'defaultLogin' | 'acceptsBothLogins'>;

interface MemberOptions {
  db: Database;
  merchant: ProfileMerchant;
  userId: string;
}

async function toProfile(db: Database, merchant: ProfileMerchant, user: UserRow): Promise<Profile> {
  return {
    name: user.name,
    email: user.email,
    birthday: user.birthday,
    gender: user.gender,
    phone: user.phone,
    countryCode: user.phone ? dialCodeOf(user.phone) : null,
    photo: await getImageView({ db, imageId: user.photoImageId }),
    emailEditable: !signsInByEmail(merchant),
  };
}

export async function getProfile({ db, merchant, userId }: MemberOptions): Promise<Profile> {
  return toProfile(db, merchant, await getMember({ db, merchantId: merchant.id, userId }));
}

export interface UpdateProfileOptions extends MemberOptions {
  input: ProfileInput;
  now: Date;
  /** Where "today" is read for the birthday: the member's zone. */
  timeZone: string;
}

/**
 * Saves the member's name, e-mail, birthday and gender and answers the profile as saved. The phone
 * is not changed here, and neither is an e-mail that signs the member in: taking another address
 * unproven would let anyone who types it open the account.
 */
export async function updateProfile({ db, merchant, userId, input, now, timeZone }: UpdateProfileOptions): Promise<Profile> {
  const { name, email, birthday, gender } = input;
  if (birthday !== null && birthday > isoDateIn(now, timeZone)) {
    const message = 'Birthday cannot be in the future';
    throw new AppError('VALIDATION_FAILED', { details: [{ field: 'body.birthday', rule: 'future', message }] });
  }
  const member = await getMember({ db, merchantId: merchant.id, userId });
  if (email !== undefined && email !== member.email && signsInByEmail(merchant)) {
    throw new AppError('FORBIDDEN', { message: 'Your email signs you in: it cannot be changed here' });
  }
  const saved = await saveProfile({ db, merchantId: merchant.id, userId, fields: { name, birthday, gender, ...(email !== undefined && { email }) }, now });
  return toProfile(db, merchant, saved);
}

export interface SetProfilePhotoOptions extends MemberOptions {
  /** As uploaded: checked, cropped square and re-encoded without metadata here. */
  bytes: Buffer;
  blobs: BlobStore | null;
  now: Date;
}

/** Gives the member a new photo and answers the profile; the photo it replaces is deleted. */
export async function setProfilePhoto({ db, merchant, userId, bytes, blobs, now }: SetProfilePhotoOptions): Promise<Profile> {
  // Resized before the transaction opens: decoding takes a while and needs no database.
  const resized = await prepareImage({ purpose: 'avatar', bytes });
  await db.transaction(async (tx) => {
    const image = await saveResizedImage({ db: tx, merchantId: merchant.id, resized, blobs });
    const replaced = await replacePhoto({ db: tx, merchantId: merchant.id, userId, imageId: image.id, now });
    if (replaced) await removeImage({ db: tx, merchantId: merchant.id, imageId: replaced });
  });
  return getProfile({ db, merchant, userId });
}

/** Takes the member's photo away; its URLs answer 404 from then on. Without a photo, nothing changes. */
export async function removeProfilePhoto({ db, merchant, userId, now }: MemberOptions & { now: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await replacePhoto({ db: tx, merchantId: merchant.id, userId, imageId: null, now });
    if (removed) await removeImage({ db: tx, merchantId: merchant.id, imageId: removed });
  });
}
