import { z } from 'zod';
import { paymentCardProblems } from '@kartu/core/payment-card';

export interface CreditCardValues {
  number: string;
  nameOnCard: string;
  expiry: string;
  cvv: string;
}

/**
 * What the card form accepts, by @kartu/core's card rules checked against `now`. Messages are
 * catalogue keys under `card.errors.` in the payments namespace.
 */
export function creditCardFormSchema(now: () => Date) {
  return z
    .object({ number: z.string(), nameOnCard: z.string(), expiry: z.string(), cvv: z.string() })
    .superRefine((card, ctx) => {
      const problems = paymentCardProblems(card, now());
      for (const [field, problem] of Object.entries(problems)) {
        ctx.addIssue({ code: 'custom', path: [field], message: problem });
      }
    });
}
