import { z } from 'zod';

/* app-core §7 (the app shows 0 when it fails). Its own module: the wallet's first page reads it without the voucher schemas. */
export const myVouchersCountSchema = z.object({ data: z.object({ count: z.number().int().min(0) }) });

/** With `cardId`, the spec's cardEgiftsCount, for the card's page. */
export const myVouchersCountQuerySchema = z.object({ cardId: z.string().min(1).max(64).optional() });
