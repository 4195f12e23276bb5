import type { BlobStore } from '../modules/storage/blob-store.ts';
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { IMAGE_MAX_BYTES, IMAGE_MAX_MB } from '@kartu/core/constants';
import type { Database } from '../db/database.ts';
import { AppError } from '../lib/app-error.ts';
import { setMerchantImage, storeImage } from '../modules/media/images.service.ts';
import { setProgramCardArt } from '../modules/programs/programs.service.ts';
import type { ImagePurpose, ImageRow } from '../modules/media/images.table.ts';
import { CommandError, merchantByMid, readOptions, required, UsageError, type CliContext } from './cli.context.ts';
import { findProgramById } from './operator.repository.ts';

/** A file's bytes, after checking it is a file no larger than an image may be. */
export async function readImageFile(path: string): Promise<Buffer> {
  const file = resolve(path);
  const found = await stat(file).catch(() => undefined);
  if (!found?.isFile()) throw new CommandError(`No file at ${file}`);
  // Checked before reading, so a huge file is never loaded.
  if (found.size > IMAGE_MAX_BYTES) throw new CommandError(`${path}: the image is larger than ${IMAGE_MAX_MB} MB`);
  return readFile(file);
}

/** Stores the image in the file for the merchant; a file that is no image of the right size is an error naming it. */
async function storeImageFile(db: Database, { merchantId, purpose, path, blobs }: { merchantId: number; purpose: ImagePurpose; path: string; blobs: BlobStore | null }): Promise<ImageRow> {
  const bytes = await readImageFile(path);
  try {
    return await storeImage({ db, merchantId, purpose, bytes, blobs });
  } catch (error) {
    if (error instanceof AppError) throw new CommandError(`${path}: ${error.message}`);
    throw error;
  }
}

export async function setProgramArtCommand(args: string[], { db, out, blobs = null }: CliContext): Promise<void> {
  const values = readOptions(args, { program: { type: 'string' }, file: { type: 'string' }, remove: { type: 'boolean' } });
  const programId = required(values, 'program');
  if ((values.file === undefined) === (values.remove === undefined)) throw new UsageError('Give either --file <path> or --remove');
  const program = await findProgramById(db, programId);
  if (!program) throw new CommandError(`No program has the id ${programId}`);
  const target = { db, merchantId: program.merchantId, programId: program.id };
  if (values.file === undefined) {
    await setProgramCardArt({ ...target, imageId: null });
    out(`"${program.name}" has no card art now: its cards show the brand colours.`);
    return;
  }
  const image = await storeImageFile(db, { merchantId: program.merchantId, purpose: 'card-art', path: values.file, blobs });
  await setProgramCardArt({ ...target, imageId: image.id });
  out(`Card art of "${program.name}" set: image ${image.id}, up to ${image.width}x${image.height}.`);
}

const merchantImagePurposes = ['banner', 'icon'] as const;
/** `none` takes a picture away, as it clears the settings of `merchants update`. */
const clear = 'none';

export async function setMerchantImagesCommand(args: string[], { db, out, blobs = null }: CliContext): Promise<void> {
  const values = readOptions(args, { mid: { type: 'string' }, banner: { type: 'string' }, icon: { type: 'string' } });
  const given = merchantImagePurposes.flatMap((purpose) => {
    const path = values[purpose]?.trim();
    return path ? [{ purpose, path }] : [];
  });
  if (given.length === 0) throw new UsageError('Say which image to set: --banner <file>, --icon <file>, or none for either');
  const merchant = await merchantByMid(db, required(values, 'mid').toUpperCase());
  // Every file is checked and stored before either picture changes, so a bad file changes nothing.
  const stored = [];
  for (const { purpose, path } of given) {
    stored.push({ purpose, image: path === clear ? null : await storeImageFile(db, { merchantId: merchant.id, purpose, path, blobs }) });
  }
  for (const { purpose, image } of stored) {
    await setMerchantImage({ db, merchantId: merchant.id, purpose, imageId: image?.id ?? null });
    out(image ? `${merchant.mid} ${purpose} set: image ${image.id}, up to ${image.width}x${image.height}.` : `${merchant.mid} ${purpose} removed: its static URL shows again.`);
  }
}
