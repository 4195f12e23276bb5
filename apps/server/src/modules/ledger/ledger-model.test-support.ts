import { DAY_MS } from '@kartu/core/calendar';

/**
 * A plain in-memory ledger with the same rules as the real one (lots, spending order, expiry,
 * reversals), for the property test to compare against.
 */
interface ModelLot {
  seq: number;
  entry: number;
  remaining: bigint;
  expiresAt: number | null;
  createdAt: number;
}

interface ModelEntry {
  realId: string | null;
  deltas: Map<number, bigint>;
  consumed: Array<{ card: number; lot: ModelLot; amount: bigint }>;
  reversed: boolean;
}

export type ModelOutcome = 'ok' | 'INSUFFICIENT_BALANCE' | 'CONFLICT';

export class LedgerModel {
  private readonly lots: ModelLot[][];
  private readonly entries: ModelEntry[] = [];
  private seq = 0;

  constructor(
    cardCount: number,
    public now: number,
    private readonly expiryDays: number,
  ) {
    this.lots = Array.from({ length: cardCount }, () => []);
  }

  balance(card: number): bigint {
    return this.cardLots(card).reduce((sum, lot) => sum + lot.remaining, 0n);
  }

  spendable(card: number): bigint {
    return this.cardLots(card)
      .filter((lot) => lot.expiresAt === null || lot.expiresAt > this.now)
      .reduce((sum, lot) => sum + lot.remaining, 0n);
  }

  /** The card's lots still holding value, in creation order: [expires at, remaining]. */
  openLots(card: number): Array<[number | null, bigint]> {
    return this.cardLots(card)
      .filter((lot) => lot.remaining > 0n)
      .map((lot) => [lot.expiresAt, lot.remaining]);
  }

  /** Entries that a reverse command may pick, by position. */
  reversibleEntries(): number[] {
    return this.entries.flatMap((entry, index) => (entry.realId ? [index] : []));
  }

  realIdOf(index: number): string {
    return this.entries[index]?.realId ?? '';
  }

  earn(card: number, amount: bigint, realId: string): void {
    const entry = this.addEntry(realId, [[card, amount]]);
    this.addLot(card, entry, amount, this.now + this.expiryDays * DAY_MS);
  }

  redeem(card: number, amount: bigint, realId: () => string): ModelOutcome {
    if (this.spendable(card) < amount) return 'INSUFFICIENT_BALANCE';
    this.sweep(card);
    const entry = this.addEntry(realId(), [[card, -amount]]);
    this.spend(card, amount, entry);
    return 'ok';
  }

  transfer(from: number, to: number, amount: bigint, realId: () => string): ModelOutcome {
    if (this.spendable(from) < amount) return 'INSUFFICIENT_BALANCE';
    this.sweep(from);
    const entry = this.addEntry(realId(), [
      [from, -amount],
      [to, amount],
    ]);
    // The recipient's lots keep the sent value's expiries, neighbours with one expiry merged.
    let last: ModelLot | undefined;
    for (const piece of this.spend(from, amount, entry)) {
      if (last && last.expiresAt === piece.lot.expiresAt) last.remaining += piece.amount;
      else last = this.addLot(to, entry, piece.amount, piece.lot.expiresAt);
    }
    return 'ok';
  }

  advance(days: number): void {
    this.now += days * DAY_MS;
    for (let card = 0; card < this.lots.length; card += 1) this.sweep(card);
  }

  reverse(index: number): ModelOutcome {
    const original = this.entries[index];
    if (!original) throw new Error('No such model entry');
    if (original.reversed) return 'CONFLICT';
    for (const [card, delta] of original.deltas) if (delta > 0n && this.balance(card) < delta) return 'INSUFFICIENT_BALANCE';
    original.reversed = true;
    const reversal = this.addEntry(null, [...original.deltas].map(([card, delta]) => [card, -delta]));
    for (const [card, delta] of original.deltas) if (delta > 0n) this.spend(card, delta, reversal, index);
    for (const { lot, amount } of original.consumed) lot.remaining += amount;
    return 'ok';
  }

  private cardLots(card: number): ModelLot[] {
    const lots = this.lots[card];
    if (!lots) throw new Error(`No card ${card} in the model`);
    return lots;
  }

  private addEntry(realId: string | null, deltas: Array<[number, bigint]>): number {
    this.entries.push({ realId, deltas: new Map(deltas), consumed: [], reversed: false });
    return this.entries.length - 1;
  }

  private addLot(card: number, entry: number, amount: bigint, expiresAt: number | null): ModelLot {
    const lot = { seq: (this.seq += 1), entry, remaining: amount, expiresAt, createdAt: this.now };
    this.cardLots(card).push(lot);
    return lot;
  }

  private sweep(card: number): void {
    const expired = this.cardLots(card)
      .filter((lot) => lot.expiresAt !== null && lot.expiresAt <= this.now)
      .reduce((sum, lot) => sum + lot.remaining, 0n);
    if (expired > 0n) this.spend(card, expired, this.addEntry(null, [[card, -expired]]));
  }

  private spend(card: number, amount: bigint, entry: number, preferEntry?: number) {
    const rank = (lot: ModelLot) => [
      lot.entry === preferEntry ? 0 : 1,
      lot.expiresAt ?? Number.POSITIVE_INFINITY,
      lot.createdAt,
      lot.seq,
    ];
    const ordered = this.cardLots(card)
      .filter((lot) => lot.remaining > 0n)
      .sort((a, b) => {
        const [ra, rb] = [rank(a), rank(b)];
        for (let index = 0; index < ra.length; index += 1) {
          const difference = (ra[index] ?? 0) - (rb[index] ?? 0);
          if (difference !== 0) return difference;
        }
        return 0;
      });
    const pieces: Array<{ lot: ModelLot; amount: bigint }> = [];
    let left = amount;
    for (const lot of ordered) {
      if (left === 0n) break;
      const take = lot.remaining < left ? lot.remaining : left;
      lot.remaining -= take;
      left -= take;
      pieces.push({ lot, amount: take });
      this.entries[entry]?.consumed.push({ card, lot, amount: take });
    }
    if (left !== 0n) throw new Error('The model spent more than the card held');
    return pieces;
  }
}
