import { z } from 'zod';

/**
 * A merchant's picture as the server resized it once (card art, banner, icon): `src` is the
 * smallest size, the one the app lays it out at; `srcSet` offers every size by its width, so a
 * sharp screen picks a larger one. Each URL names one upload and never changes.
 */
export const imageSchema = z.object({
  /** e.g. `/media/<id>/343.webp` */
  src: z.string(),
  /** e.g. `/media/<id>/343.webp 343w, /media/<id>/686.webp 686w` */
  srcSet: z.string(),
  /** The size `src` is drawn at, in CSS pixels. */
  width: z.number().int(),
  height: z.number().int(),
});
export type SizedImage = z.infer<typeof imageSchema>;

/**
 * GET /media/{imageId}/{file}: `file` is `<width>.webp`. Any text is taken, so that a malformed id
 * or file is answered 404 like an unknown one, not 400.
 */
export const mediaFileParamsSchema = z.object({ imageId: z.string(), file: z.string() });
