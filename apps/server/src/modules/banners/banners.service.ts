import type { Banner, BannerPlacement } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../lib/app-error.ts';
import { getMemberCard } from '../card-access/card-access.service.ts';
import { getImageViews, storeImage } from '../media/images.service.ts';
import { getProgram } from '../programs/programs.service.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { deleteBanner, findProgramBanners, findShowingBanners, insertBanner } from './banners.repository.ts';
import type { BannerRow } from './banners.table.ts';

/** An app page, or an https address: what a banner may open (the table checks it too). */
const linkPattern = /^(\/([^/\\]|$)|https:\/\/\S+$)/;
const titleMaxLength = 120;

export interface CardBannersOptions {
  db: Database;
  merchantId: number;
  userId: string;
  cardId: string;
  placement: BannerPlacement;
  now: Date;
}

/**
 * The banners showing now on one of the member's cards (spec: app-core §7 api/v2/cards/{id}/banners
 * and in-app-banners; decision 034): its program's, of the placement asked. Another member's card,
 * or another merchant's, is not found.
 */
export async function listCardBanners({ db, merchantId, userId, cardId, placement, now }: CardBannersOptions): Promise<Banner[]> {
  const card = await getMemberCard({ db, merchantId, userId, cardId });
  const rows = await findShowingBanners(db, { merchantId, programId: card.programId, placement, now });
  const imageOf = await getImageViews({ db, imageIds: rows.map((row) => row.imageId) });
  // A banner whose picture has no stored size left shows nothing rather than a broken image.
  return rows.flatMap((row) => {
    const image = imageOf(row.imageId);
    // A link to a card's page (`/cards/:cardId/…`) opens it on the card the member is looking at.
    return image ? [{ id: row.id, title: row.title, image, link: row.link?.replaceAll(':cardId', card.id) ?? null }] : [];
  });
}

export interface AddBannerOptions {
  db: Database;
  merchantId: number;
  programId: string;
  placement: BannerPlacement;
  title: string;
  link: string | null;
  position?: number;
  startsAt?: Date | null;
  endsAt?: Date | null;
  /** The picture: JPEG, PNG or WebP, resized by the media module to the banner sizes. */
  bytes: Buffer;
  blobs: BlobStore | null;
  now: Date;
}

/** Adds a banner to a program's cards, after checking everything the member will see of it. */
export async function addBanner(options: AddBannerOptions): Promise<BannerRow> {
  const { db, merchantId, programId, placement, link, position = 0, startsAt = null, endsAt = null, bytes, blobs, now } = options;
  const title = options.title.trim();
  if (!isUuid(programId)) throw new AppError('NOT_FOUND', { message: 'Program not found' });
  await getProgram({ db, merchantId, programId });
  if (title.length === 0 || title.length > titleMaxLength) throw new AppError('VALIDATION_FAILED', { message: `A banner's title has 1 to ${titleMaxLength} characters` });
  if (link !== null && !linkPattern.test(link)) throw new AppError('VALIDATION_FAILED', { message: 'A banner opens an app page (/cards/…) or an https address' });
  if (startsAt && endsAt && endsAt <= startsAt) throw new AppError('VALIDATION_FAILED', { message: 'A banner ends after it starts' });
  const image = await storeImage({ db, merchantId, purpose: 'banner', bytes, blobs });
  return insertBanner(db, { merchantId, programId, placement, imageId: image.id, title, link, position, startsAt, endsAt, createdAt: now });
}

export async function listProgramBanners({ db, merchantId, programId }: { db: Database; merchantId: number; programId: string }): Promise<BannerRow[]> {
  return isUuid(programId) ? findProgramBanners(db, { merchantId, programId }) : [];
}

/** Takes a banner down; false when the merchant has no such banner. */
export async function removeBanner({ db, merchantId, bannerId }: { db: Database; merchantId: number; bannerId: string }): Promise<boolean> {
  return isUuid(bannerId) && deleteBanner(db, { merchantId, bannerId });
}
