import { z } from 'zod';

/* A micro app's member token (app-core §7 api/integrations/micro-app). docs/decisions/040-micro-apps.md. */

export const microAppTokenBodySchema = z.object({ app: z.string().min(1).max(64) });

export const microAppTokenAnswerSchema = z.object({
  data: z.object({
    /** The member's claims encrypted under the app's key: `iv.tag.ciphertext`, each base64url (AES-256-GCM). */
    token: z.string(),
    expiresAt: z.string().datetime(),
  }),
});
export type MicroAppTokenAnswer = z.infer<typeof microAppTokenAnswerSchema>;
