import type { BlobStore } from '../modules/storage/blob-store.ts';
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { storeImage } from '../modules/media/images.service.ts';
import { setProgramCardArt } from '../modules/programs/programs.service.ts';
import { programs } from '../modules/programs/programs.table.ts';

/** The demo card art, drawn for the demo (JPEG, 1400x880), beside this file wherever the server runs from. */
export const demoCardArtFiles = {
  kopiSenja: new URL('./assets/kopi-senja-card-art.jpg', import.meta.url),
  lumina: new URL('./assets/lumina-glow-card-art.jpg', import.meta.url),
} as const;

/**
 * Gives a demo program its card art through the operator's own use cases, once: a program that
 * has card art keeps it, so seeding again adds no images.
 */
export async function seedCardArt(tx: Database, { merchantId, programId, file, blobs }: { merchantId: number; programId: string; file: URL; blobs: BlobStore | null }): Promise<void> {
  const [program] = await tx.select({ cardArtImageId: programs.cardArtImageId }).from(programs).where(eq(programs.id, programId));
  if (!program || program.cardArtImageId !== null) return;
  const image = await storeImage({ db: tx, merchantId, purpose: 'card-art', bytes: await readFile(file), blobs });
  await setProgramCardArt({ db: tx, merchantId, programId, imageId: image.id });
}
