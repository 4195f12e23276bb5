import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { isAnyOf, preparedStatement } from '../../db/prepared-statement.ts';
import { isUuid } from '../../db/uuid.ts';
import { changeTags, publishAfterCommit } from '../../lib/change-feed.ts';
import { images, imageVariants, merchantImages, type ImagePurpose, type ImageRow, type MerchantImagePurpose, type NewImageRow, type NewImageVariantRow } from './images.table.ts';

export async function insertImage(db: Database, { image, variants }: { image: NewImageRow; variants: Omit<NewImageVariantRow, 'imageId'>[] }): Promise<ImageRow> {
  const [saved] = await db.insert(images).values(image).returning();
  if (!saved) throw new Error('The image was not saved');
  await db.insert(imageVariants).values(variants.map((variant) => ({ ...variant, imageId: saved.id })));
  return saved;
}

// A malformed id can match no image, and PostgreSQL would reject it as a uuid.
export async function findImage(db: Database, { merchantId, imageId }: { merchantId: number; imageId: string }): Promise<ImageRow | undefined> {
  if (!isUuid(imageId)) return undefined;
  const [row] = await db
    .select()
    .from(images)
    .where(and(eq(images.id, imageId), eq(images.merchantId, merchantId)))
    .limit(1);
  return row;
}

const variantSizes = preparedStatement<{ imageIds: string[] }, Array<{ imageId: string; width: number; height: number }>>((db) =>
  db
    .select({ imageId: imageVariants.imageId, width: imageVariants.width, height: imageVariants.height })
    .from(imageVariants)
    .where(isAnyOf(imageVariants.imageId, 'imageIds', 'uuid'))
    .orderBy(asc(imageVariants.imageId), asc(imageVariants.width))
    .prepare('image_variant_sizes'),
);

/** The sizes each image is kept in, smallest first; never the bytes. */
export async function findVariantSizes(db: Database, imageIds: string[]): Promise<Array<{ imageId: string; width: number; height: number }>> {
  if (imageIds.length === 0) return [];
  return variantSizes(db, { imageIds });
}

/** One variant's file, when the image is the merchant's. */
export async function findVariantFile(
  db: Database,
  { merchantId, imageId, width }: { merchantId: number; imageId: string; width: number },
): Promise<{ purpose: ImagePurpose; contentType: string; bytes: Buffer | null; storageKey: string | null } | undefined> {
  if (!isUuid(imageId)) return undefined;
  const [row] = await db
    .select({ purpose: images.purpose, contentType: imageVariants.contentType, bytes: imageVariants.bytes, storageKey: imageVariants.storageKey })
    .from(imageVariants)
    .innerJoin(images, eq(images.id, imageVariants.imageId))
    .where(and(eq(imageVariants.imageId, imageId), eq(imageVariants.width, width), eq(images.merchantId, merchantId)))
    .limit(1);
  return row;
}

/** Deletes one of the merchant's pictures with its sizes' rows; files in a file store are left to the sweep. */
export async function deleteImage(db: Database, { merchantId, imageId }: { merchantId: number; imageId: string }): Promise<void> {
  await db.delete(images).where(and(eq(images.id, imageId), eq(images.merchantId, merchantId)));
}

/** Points the merchant at its banner or icon (or at none); every instance's cached sites of it are dropped once committed. */
export async function updateMerchantImage(db: Database, { merchantId, purpose, imageId }: { merchantId: number; purpose: MerchantImagePurpose; imageId: string | null }): Promise<void> {
  if (imageId === null) await db.delete(merchantImages).where(and(eq(merchantImages.merchantId, merchantId), eq(merchantImages.purpose, purpose)));
  else await db.insert(merchantImages).values({ merchantId, purpose, imageId }).onConflictDoUpdate({ target: [merchantImages.merchantId, merchantImages.purpose], set: { imageId } });
  publishAfterCommit(db, [changeTags.merchant(merchantId)]);
}

/** The merchant's banner and icon, each with the sizes it is kept in, smallest first. */
export async function findMerchantImageSizes(db: Database, merchantId: number): Promise<Array<{ purpose: MerchantImagePurpose; imageId: string; width: number; height: number }>> {
  return db
    .select({ purpose: merchantImages.purpose, imageId: imageVariants.imageId, width: imageVariants.width, height: imageVariants.height })
    .from(merchantImages)
    .innerJoin(imageVariants, eq(imageVariants.imageId, merchantImages.imageId))
    .where(eq(merchantImages.merchantId, merchantId))
    .orderBy(asc(imageVariants.width));
}
