import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { Database } from '../db/database.ts';
import { addBanner, listProgramBanners } from '../modules/banners/banners.service.ts';
import { demoProgramIds, type SeedCardsOptions } from './seed-cards.ts';

/** Drawn for the demo as SVG at 960x540; a merchant uploads pictures, so they go in as PNG. */
export const demoBannerFiles = {
  doublePoints: new URL('./assets/banners/double-points.svg', import.meta.url),
  gayoOrigin: new URL('./assets/banners/gayo-origin.svg', import.meta.url),
  clubWelcome: new URL('./assets/banners/club-welcome.svg', import.meta.url),
} as const;

async function picture(file: URL): Promise<Buffer> {
  return sharp(await readFile(file)).png().toBuffer();
}

/**
 * The banner demo on Kopi Senja Rewards: two banners in the card page's row (one opens the shop)
 * and two in-app banners shown one per visit. A program that has banners keeps them, so seeding
 * again adds none.
 */
export async function seedKopiSenjaBanners(tx: Database, merchantId: number, { now, blobs }: Pick<SeedCardsOptions, 'now' | 'blobs'>): Promise<void> {
  const programId = demoProgramIds.kopiSenjaRewards;
  if ((await listProgramBanners({ db: tx, merchantId, programId })).length > 0) return;
  const banner = async (placement: 'card' | 'in_app', position: number, title: string, link: string | null, file: URL) =>
    addBanner({ db: tx, merchantId, programId, placement, position, title, link, bytes: await picture(file), blobs, now });
  await banner('card', 1, 'Double points on every Kopi Susu this weekend', '/cards/:cardId/catalogs', demoBannerFiles.doublePoints);
  await banner('card', 2, 'New in the shop: Gayo single origin beans', '/cards/:cardId/catalogs', demoBannerFiles.gayoOrigin);
  await banner('in_app', 1, 'Join Kopi Senja Club: a Kopi Susu every month', '/cards/add-card', demoBannerFiles.clubWelcome);
  await banner('in_app', 2, 'Weekend double points are on', null, demoBannerFiles.doublePoints);
}
