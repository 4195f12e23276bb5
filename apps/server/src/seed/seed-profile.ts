import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../db/database.ts';
import { changeTags, publishAfterCommit } from '../lib/change-feed.ts';
import { replacePhoto } from '../modules/auth/users.service.ts';
import { users } from '../modules/auth/users.table.ts';
import { storeImage } from '../modules/media/images.service.ts';
import { demoMember, raniProfile, type SeedCardsOptions } from './seed-cards.ts';

/*
 * The profile demo: Rani's e-mail, birthday, gender and photo at Kopi Senja. A field she has already
 * filled in keeps its value, and a photo is drawn only while she has none, so seeding again neither
 * adds pictures nor undoes what she changed in the app.
 */

/** Drawn for the demo as SVG; a member uploads a photo, so it goes in as PNG. */
export const raniPhotoFile = new URL('./assets/rani-photo.svg', import.meta.url);

async function raniPhoto(): Promise<Buffer> {
  return sharp(await readFile(raniPhotoFile)).resize(384, 384).png().toBuffer();
}

export async function seedKopiSenjaProfiles(tx: Database, merchantId: number, { now, blobs }: Pick<SeedCardsOptions, 'now' | 'blobs'>): Promise<void> {
  const rani = await demoMember(tx, { merchantId, phone: '+6281211112222', name: raniProfile.name, now });
  const [saved] = await tx
    .update(users)
    .set({
      email: sql`coalesce(${users.email}, ${raniProfile.email})`,
      birthday: sql`coalesce(${users.birthday}, ${raniProfile.birthday}::date)`,
      gender: sql`coalesce(${users.gender}, ${raniProfile.gender})`,
    })
    .where(eq(users.id, rani))
    .returning({ photoImageId: users.photoImageId });
  publishAfterCommit(tx, [changeTags.user(rani)]);
  if (saved?.photoImageId) return;
  const photo = await storeImage({ db: tx, merchantId, purpose: 'avatar', bytes: await raniPhoto(), blobs });
  await replacePhoto({ db: tx, merchantId, userId: rani, imageId: photo.id, now });
}
