import { z } from 'zod';

/*
 * GET /api/v2/cards/my-vouchers-count: the member's usable vouchers (app-core §7; the app shows 0
 * when it fails). A module of its own: the wallet's first page reads it without the voucher schemas.
 */
export const myVouchersCountSchema = z.object({ data: z.object({ count: z.number().int().min(0) }) });

/** `cardId` counts one of the member's cards only (the spec's cardEgiftsCount, for the card's page). */
export const myVouchersCountQuerySchema = z.object({ cardId: z.string().min(1).max(64).optional() });
