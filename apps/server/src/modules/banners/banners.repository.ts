import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { BannerPlacement } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { banners, type BannerRow, type NewBannerRow } from './banners.table.ts';

/** A program's banners of one placement showing at `now`, in the merchant's order. */
export async function findShowingBanners(db: Database, { merchantId, programId, placement, now }: { merchantId: number; programId: string; placement: BannerPlacement; now: Date }): Promise<BannerRow[]> {
  return db
    .select()
    .from(banners)
    .where(
      and(
        eq(banners.merchantId, merchantId),
        eq(banners.programId, programId),
        eq(banners.placement, placement),
        or(isNull(banners.startsAt), lte(banners.startsAt, now)),
        or(isNull(banners.endsAt), gt(banners.endsAt, now)),
      ),
    )
    .orderBy(asc(banners.position), asc(banners.createdAt), asc(banners.id));
}

export async function findProgramBanners(db: Database, { merchantId, programId }: { merchantId: number; programId: string }): Promise<BannerRow[]> {
  return db
    .select()
    .from(banners)
    .where(and(eq(banners.merchantId, merchantId), eq(banners.programId, programId)))
    .orderBy(asc(banners.placement), asc(banners.position), asc(banners.createdAt));
}

export async function insertBanner(db: Database, banner: NewBannerRow): Promise<BannerRow> {
  const [row] = await db.insert(banners).values(banner).returning();
  if (!row) throw new Error('The banner was not saved');
  return row;
}

export async function deleteBanner(db: Database, { merchantId, bannerId }: { merchantId: number; bannerId: string }): Promise<boolean> {
  const removed = await db
    .delete(banners)
    .where(and(eq(banners.merchantId, merchantId), eq(banners.id, bannerId)))
    .returning({ id: banners.id });
  return removed.length > 0;
}
