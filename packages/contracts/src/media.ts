import { z } from 'zod';

/** `src` is the laid-out (smallest) size; `srcSet` lets a sharp screen pick a larger one. Each URL names one upload and never changes. */
export const imageSchema = z.object({
  src: z.string(),
  srcSet: z.string(),
  /** CSS pixels, the size `src` is drawn at. */
  width: z.number().int(),
  height: z.number().int(),
});
export type SizedImage = z.infer<typeof imageSchema>;

/** Any text is taken, so that a malformed id or file is answered 404 like an unknown one, not 400. */
export const mediaFileParamsSchema = z.object({ imageId: z.string(), file: z.string() });
