import { randomUUID } from 'node:crypto';
import type { SizedImage } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { memberImagePurposes, type VariantSize } from './image-sizes.ts';
import { resizeImage, type ResizedImage } from './image-variants.ts';
import { deleteImage, findImage, findMerchantImageSizes, findVariantFile, findVariantSizes, insertImage, updateMerchantImage } from './images.repository.ts';
import type { ImagePurpose, ImageRow, MerchantImagePurpose, NewImageVariantRow } from './images.table.ts';

/*
 * A picture is stored once per upload and never changed, so each of its URLs may be cached for
 * good (docs/decisions/016-merchant-images.md). Setting another picture leaves the replaced one
 * in place: a page, a wallet answer or another instance's cache may still name its URLs for a
 * moment, and they must keep answering. The rows of a replaced picture are a few dozen KB.
 */

/** Where one variant is served (media.routes.ts). */
export function variantUrl(imageId: string, width: number): string {
  return `/media/${imageId}/${width}.webp`;
}

/**
 * The picture as the app draws it: `src` and the size of the smallest variant (what the layout
 * is made for), and every variant in `srcSet` for screens with more pixels. Null without variants.
 */
export function imageView(imageId: string, variants: readonly VariantSize[]): SizedImage | null {
  const sizes = [...variants].sort((a, b) => a.width - b.width);
  const smallest = sizes[0];
  if (!smallest) return null;
  return {
    src: variantUrl(imageId, smallest.width),
    srcSet: sizes.map((size) => `${variantUrl(imageId, size.width)} ${size.width}w`).join(', '),
    width: smallest.width,
    height: smallest.height,
  };
}

/** A picture's view by its id, from what getImageViews read; null for no picture (or an unknown one). */
export type ImageViewOf = (imageId: string | null) => SizedImage | null;

/**
 * Reads the sizes of these pictures at once (nulls are skipped), for the views of an answer.
 * `minWidth` leaves out the smaller variants, for a page that draws the picture larger.
 */
export async function getImageViews({ db, imageIds, minWidth = 0 }: { db: Database; imageIds: ReadonlyArray<string | null>; minWidth?: number }): Promise<ImageViewOf> {
  const ids = [...new Set(imageIds.filter((id): id is string => id !== null))];
  const sizes = await findVariantSizes(db, ids);
  const views = new Map<string, SizedImage>();
  for (const id of ids) {
    const view = imageView(id, sizes.filter((size) => size.imageId === id && size.width >= minWidth));
    if (view) views.set(id, view);
  }
  return (imageId) => (imageId === null ? null : (views.get(imageId) ?? null));
}

/** The merchant's banner and icon as the app draws them; null for one it has not given. */
export async function getMerchantImageViews({ db, merchantId }: { db: Database; merchantId: number }): Promise<Record<MerchantImagePurpose, SizedImage | null>> {
  const sizes = await findMerchantImageSizes(db, merchantId);
  const viewOf = (purpose: MerchantImagePurpose) => {
    const mine = sizes.filter((size) => size.purpose === purpose);
    return mine[0] ? imageView(mine[0].imageId, mine) : null;
  };
  return { banner: viewOf('banner'), icon: viewOf('icon') };
}

export async function getImageView({ db, imageId }: { db: Database; imageId: string | null }): Promise<SizedImage | null> {
  const viewOf = await getImageViews({ db, imageIds: [imageId] });
  return viewOf(imageId);
}

export interface StoreImageOptions {
  db: Database;
  merchantId: number;
  purpose: ImagePurpose;
  /** The uploaded file as it is: JPEG, PNG or WebP. */
  bytes: Buffer;
  /** The deployment's file store; absent or null keeps the sizes in the database. */
  blobs?: BlobStore | null;
}

/**
 * Checks a merchant's picture and stores it in every size of its purpose. Refused pictures throw
 * an AppError (too large, not a picture, too small) and nothing is written.
 */
export async function storeImage({ db, merchantId, purpose, bytes, blobs = null }: StoreImageOptions): Promise<ImageRow> {
  // Resized before the transaction opens: decoding takes a while and needs no database.
  return saveResizedImage({ db, merchantId, resized: await prepareImage({ purpose, bytes }), blobs });
}

/**
 * Checks and resizes a picture without storing it: a refused one throws an AppError. For callers
 * that check many pictures before they store any (an import that stores all or nothing).
 */
export async function prepareImage({ purpose, bytes }: { purpose: ImagePurpose; bytes: Buffer }): Promise<ResizedImage & { purpose: ImagePurpose }> {
  return { ...(await resizeImage({ purpose, bytes })), purpose };
}

function variantKey(imageId: string, width: number): string {
  return `images/${imageId}/${width}.webp`;
}

/**
 * Stores a picture prepareImage made, in every size of its purpose: in the file store when there is
 * one, each file written before the row that names it, else in the rows themselves.
 */
export async function saveResizedImage({
  db,
  merchantId,
  resized,
  blobs = null,
}: {
  db: Database;
  merchantId: number;
  resized: ResizedImage & { purpose: ImagePurpose };
  blobs?: BlobStore | null;
}): Promise<ImageRow> {
  const id = randomUUID();
  const variants: Omit<NewImageVariantRow, 'imageId'>[] = [];
  for (const { bytes, ...variant } of resized.variants) {
    if (!blobs) {
      variants.push({ ...variant, bytes, storageKey: null, byteLength: bytes.length });
      continue;
    }
    const storageKey = variantKey(id, variant.width);
    await blobs.put(storageKey, bytes, variant.contentType);
    variants.push({ ...variant, bytes: null, storageKey, byteLength: bytes.length });
  }
  return db.transaction((tx) => insertImage(tx, { image: { id, merchantId, purpose: resized.purpose, width: resized.width, height: resized.height }, variants }));
}

/** Refuses a picture that is not the merchant's, or was made for another purpose (and so in other sizes). */
export async function assertImageFor(db: Database, { merchantId, imageId, purpose }: { merchantId: number; imageId: string; purpose: ImagePurpose }): Promise<void> {
  const image = await findImage(db, { merchantId, imageId });
  if (!image) throw new AppError('NOT_FOUND', { message: 'Image not found' });
  if (image.purpose !== purpose) throw new AppError('UNPROCESSABLE', { message: `This image was made as ${image.purpose}, not as ${purpose}` });
}

/** Gives the merchant a stored banner or icon, or takes it away (its static URL shows again). */
export async function setMerchantImage({
  db,
  merchantId,
  purpose,
  imageId,
}: {
  db: Database;
  merchantId: number;
  purpose: MerchantImagePurpose;
  imageId: string | null;
}): Promise<void> {
  if (imageId !== null) await assertImageFor(db, { merchantId, imageId, purpose });
  await updateMerchantImage(db, { merchantId, purpose, imageId });
}

/**
 * One variant's file of one of the merchant's pictures; 404 for anything else, a malformed id
 * included. `shared` says whether caches other than the member's own browser may keep it.
 */
export async function getImageFile({ db, blobs = null, merchantId, imageId, width }: { db: Database; blobs?: BlobStore | null; merchantId: number; imageId: string; width: number }) {
  const file = await findVariantFile(db, { merchantId, imageId, width });
  if (!file) throw new AppError('NOT_FOUND', { message: 'Image not found' });
  const shared = !memberImagePurposes.includes(file.purpose);
  if (file.bytes) return { contentType: file.contentType, bytes: file.bytes, shared };
  // Kept in a file store this deployment no longer has, or lost from it: not found, not a failure of the page.
  const bytes = file.storageKey && blobs ? await blobs.get(file.storageKey) : null;
  if (!bytes) throw new AppError('NOT_FOUND', { message: 'Image not found' });
  return { contentType: file.contentType, bytes, shared };
}

/**
 * Deletes a picture no row names any more, so its URLs answer 404 from now on: for a member's photo
 * they replaced or removed, which unlike a merchant's picture must not outlive their choice.
 */
export async function removeImage({ db, merchantId, imageId }: { db: Database; merchantId: number; imageId: string }): Promise<void> {
  await deleteImage(db, { merchantId, imageId });
}
