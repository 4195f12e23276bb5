import { LEDGER_AMOUNT_MAX, LEDGER_BALANCE_MAX } from '@kartu/core/constants';
import { z } from 'zod';

/*
 * Amounts in the unit's smallest step (points, stamps, or minor units of a currency), as integers a
 * JSON number holds exactly. What a request asks to move is bounded by LEDGER_AMOUNT_MAX, and every
 * balance and total an answer carries by LEDGER_BALANCE_MAX (core/constants.ts); the ledger holds
 * to the same bounds, and the database checks them again.
 */

const amountLimit = `An amount may be at most ${LEDGER_AMOUNT_MAX.toLocaleString('en-US')}`;

/** What one request moves: a purchase's bill, a charge, a transfer. */
export const movementAmountSchema = z.number().int().positive().max(LEDGER_AMOUNT_MAX, amountLimit);

/** A bill or a price, which may be zero. */
export const priceAmountSchema = z.number().int().min(0).max(LEDGER_AMOUNT_MAX, amountLimit);

/** An adjustment: positive adds value, negative takes it away, never zero. */
export const signedMovementAmountSchema = z
  .number()
  .int()
  .min(-LEDGER_AMOUNT_MAX, amountLimit)
  .max(LEDGER_AMOUNT_MAX, amountLimit)
  .refine((amount) => amount !== 0, 'An adjustment cannot be zero');

/** A balance or an amount earned, as an answer carries it. */
export const ledgerAmountSchema = z.number().int().min(-LEDGER_BALANCE_MAX).max(LEDGER_BALANCE_MAX);
