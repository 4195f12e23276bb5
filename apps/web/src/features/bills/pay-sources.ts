import type { BalanceUnit, BillPayBody, BillQuote, CardDetail } from '@kartu/contracts';

export type BillPaySource = BillPayBody['source'];

/** One way the card can pay a checked bill: what it costs, and what the card holds in that unit. */
export interface PaySourceOption {
  source: BillPaySource;
  cost: number;
  unit: BalanceUnit;
  /** What the card holds in that unit; null while the card is still being read. */
  held: number | null;
  /** The card holds less than the cost: shown, with why, but not to be chosen. */
  tooLittle: boolean;
}

const unitOf: Record<BillPaySource, BalanceUnit> = { points: 'POINT', balance: 'CASH' };

/**
 * The ways to pay a quote: its points at the program's value, or the card's rupiah balance, each only
 * where the check gave a cost (null when the card cannot pay that way), weighed against the card's balance.
 */
export function paySourceOptions(quote: BillQuote, card: CardDetail | undefined): PaySourceOption[] {
  const costs: Array<[BillPaySource, number | null]> = [
    ['points', quote.cost.points],
    ['balance', quote.cost.balance],
  ];
  return costs.flatMap(([source, cost]) => {
    if (cost === null) return [];
    const unit = unitOf[source];
    const held = card ? (card.balance.unit === unit ? card.balance.amount : 0) : null;
    return [{ source, cost, unit, held, tooLittle: held !== null && held < cost }];
  });
}

/** The way chosen if it can still pay, else the first that can; null when none can. */
export function paySourceToUse(options: readonly PaySourceOption[], chosen: BillPaySource | null): BillPaySource | null {
  const usable = options.filter((option) => !option.tooLittle);
  return (usable.find((option) => option.source === chosen) ?? usable[0])?.source ?? null;
}
