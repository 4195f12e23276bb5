import { LEDGER_AMOUNT_MAX, LEDGER_BALANCE_MAX } from '@kartu/core/constants';
import { z } from 'zod';

/* Integers a JSON number holds exactly, in the unit's smallest step; the ledger and the database check the same bounds again. */

const amountLimit = `An amount may be at most ${LEDGER_AMOUNT_MAX.toLocaleString('en-US')}`;

export const movementAmountSchema = z.number().int().positive().max(LEDGER_AMOUNT_MAX, amountLimit);

export const priceAmountSchema = z.number().int().min(0).max(LEDGER_AMOUNT_MAX, amountLimit);

export const signedMovementAmountSchema = z
  .number()
  .int()
  .min(-LEDGER_AMOUNT_MAX, amountLimit)
  .max(LEDGER_AMOUNT_MAX, amountLimit)
  .refine((amount) => amount !== 0, 'An adjustment cannot be zero');

export const ledgerAmountSchema = z.number().int().min(-LEDGER_BALANCE_MAX).max(LEDGER_BALANCE_MAX);
