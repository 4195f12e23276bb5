import type { z } from 'zod';
import { api } from './api-client.ts';

type CountAnswer = z.ZodType<{ data: { count: number } }>;

/**
 * A count the app shows as a badge or a number beside a link (unread messages, vouchers): a failure
 * counts 0 (spec: app-core §7, §8 silent fallbacks), never an error on the page.
 */
export async function countOrZero(path: string, schema: CountAnswer, signal?: AbortSignal): Promise<number> {
  try {
    const answer = await api.get(path, { schema, signal });
    return answer.data.count;
  } catch {
    return 0;
  }
}
