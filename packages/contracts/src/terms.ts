import { z } from 'zod';
import { languageSchema } from './site.ts';

/*
 * The merchant's terms and conditions and privacy policy (app-core §3 terms policy, §7
 * api/settings/terms; business-rules §5 terms and privacy consent). docs/decisions/036-terms.md.
 */

/** Which language to read them in; the site's language when absent. The body itself may be absent. */
export const termsBodySchema = z.object({ language: languageSchema.optional() }).nullish();

export const termsSchema = z.object({
  /** The language the texts are in: the one asked for when the merchant wrote them in it, else the site's, else English. */
  language: languageSchema,
  /** Plain text; paragraphs are separated by a blank line. */
  termsCondition: z.string(),
  privacyPolicy: z.string(),
  updatedAt: z.string().datetime(),
});
export type Terms = z.infer<typeof termsSchema>;

export const termsAnswerSchema = z.object({ data: termsSchema });
