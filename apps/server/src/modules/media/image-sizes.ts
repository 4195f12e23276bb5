import { IMAGE_MAX_BYTES } from '@kartu/core/constants';
import type { ImagePurpose } from './images.table.ts';

export interface VariantSize {
  width: number;
  height: number;
}

export interface PurposeSizes {
  /** Smallest first: the first is what the app lays the picture out at, the others are for sharper screens. */
  variants: readonly VariantSize[];
  /** Where a picture of another shape is cropped: on what draws the eye, or at its centre. */
  position: 'attention' | 'centre';
}

/**
 * The sizes each kind of picture is made in, by the widths the app draws it at (1× and 2×); every
 * variant is cropped to cover its whole size, so a picture of another shape loses its edges.
 *
 * - card-art: the card tile, 343 px wide, at the ID-1 card's 85.60 × 53.98 mm (1.586:1).
 * - banner: the landing page's 16:9 banner, drawn at 480 × 270.
 * - icon: the square brand icon, drawn at 64 px at most (40 on a card face); a logo stays centred.
 * - product: a square product photo: a catalog tile of half the app's width (up to 240 px), and the
 *   product page's photo across the app (480 px, 960 for sharp screens).
 * - avatar: a member's photo, drawn round at 96 px on the profile page (smaller elsewhere); cropped on
 *   what draws the eye, which in a portrait is the face.
 */
export const imageSizes: Record<ImagePurpose, PurposeSizes> = {
  'card-art': {
    variants: [
      { width: 343, height: 216 },
      { width: 686, height: 433 },
    ],
    position: 'attention',
  },
  banner: {
    variants: [
      { width: 480, height: 270 },
      { width: 960, height: 540 },
    ],
    position: 'attention',
  },
  icon: {
    variants: [
      { width: 64, height: 64 },
      { width: 128, height: 128 },
    ],
    position: 'centre',
  },
  product: {
    variants: [
      { width: 240, height: 240 },
      { width: 480, height: 480 },
      { width: 960, height: 960 },
    ],
    position: 'centre',
  },
  avatar: {
    variants: [
      { width: 96, height: 96 },
      { width: 192, height: 192 },
    ],
    position: 'attention',
  },
};

/**
 * A member's own pictures: their URLs stay out of shared caches (a CDN, a proxy), so a photo the
 * member removed is gone from everywhere but their own browser.
 */
export const memberImagePurposes: readonly ImagePurpose[] = ['avatar'];

/** What an uploaded picture may be: decoding is bounded before any pixel is read. */
export const imageInputLimits = {
  maxBytes: IMAGE_MAX_BYTES,
  // A 40-megapixel picture decodes to 160 MB of RGBA: more would let one upload exhaust memory.
  maxPixels: 40_000_000,
  formats: ['jpeg', 'png', 'webp'],
} as const;

/** Every variant is WebP: about a third smaller than JPEG at the same quality, drawn by every browser the app supports. */
export const variantContentType = 'image/webp';
export const variantQuality = 80;
