import { z } from 'zod';
import { imageSchema } from './media.ts';

/*
 * A card's banners (app-core §3 banners, bannerImages, in-app banners per card with counter; §7
 * api/v2/cards/{id}/banners and api/v2/cards/{id}/in-app-banners): pictures the merchant shows on a
 * card's page, in a row, or one at a time over the page. docs/decisions/034-banners.md.
 */

/** Where a banner shows: in the row on the card page, or as the card's in-app banner over it. */
export const bannerPlacements = ['card', 'in_app'] as const;
export const bannerPlacementSchema = z.enum(bannerPlacements);
export type BannerPlacement = z.infer<typeof bannerPlacementSchema>;

export const bannerSchema = z.object({
  id: z.string(),
  /** What the picture says, for those who cannot see it; also its heading in the in-app banner. */
  title: z.string(),
  image: imageSchema,
  /** An app page (`/cards/…`) or an https address the banner opens; null when it opens nothing. */
  link: z.string().nullable(),
});
export type Banner = z.infer<typeof bannerSchema>;

/** The banners showing now, in the merchant's order; an empty list when there are none. */
export const bannerListSchema = z.object({ data: z.array(bannerSchema) });
export type BannerList = z.infer<typeof bannerListSchema>;

export const cardBannerParamsSchema = z.object({ cardId: z.string().min(1).max(64) });
