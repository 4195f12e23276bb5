import type { ReversedTransactionFacts, TransactionFacts } from '@kartu/contracts';
import { isUuid } from '../../db/uuid.ts';
import type { RecordedEntry } from '../ledger/history.service.ts';
import type { RewardKind } from './rewards.table.ts';

/*
 * The facts of a history entry (docs/decisions/038-history-wording.md), read from what its writer
 * recorded: the entry's kind, reference and metadata. Entries written before their writers kept a
 * fact in the metadata are read from the fixed words those writers put in the description; a fact
 * still unknown is null, and an entry of no known writer keeps its description as a note.
 */

export interface RewardOfEntry {
  kind: RewardKind;
  title: string;
}

/** What entries name beside their own row: the claimed rewards, by id. */
export interface EntryLookups {
  rewards: Map<string, RewardOfEntry>;
}

/** The words earlier writers left in the description (place-order, an order's move, a gift card charge voided without a reason). */
const legacyOrderPayment = /^Order (\S+)$/;
const legacyOrderRefund = /^Order (\S+) (failed|cancelled|returned)$/;
const legacyGiftCardVoidReason = 'Gift card charge voided';
const refundStatuses = ['failed', 'cancelled', 'returned'] as const;
type RefundStatus = (typeof refundStatuses)[number];

function textOf(metadata: Record<string, unknown>, key: string): string | null {
  const value = metadata[key];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function refundStatusOf(value: unknown): RefundStatus | null {
  return refundStatuses.find((status) => status === value) ?? null;
}

/** The reward a claim's entry names; null for any other entry. */
export function rewardIdOf(entry: Pick<RecordedEntry, 'kind' | 'metadata'>): string | null {
  if (entry.kind !== 'earn' || entry.metadata.source !== 'reward') return null;
  const rewardId = textOf(entry.metadata, 'rewardId');
  return rewardId && isUuid(rewardId) ? rewardId.toLowerCase() : null;
}

/** The order a spend paid: place-order names it in the metadata and as `order:<id>`. */
function orderIdOf({ metadata, reference }: Pick<RecordedEntry, 'metadata' | 'reference'>): string | null {
  return textOf(metadata, 'orderId') ?? (reference?.startsWith('order:') ? reference.slice('order:'.length) : null);
}

function earnFacts(entry: RecordedEntry, lookups: EntryLookups): ReversedTransactionFacts {
  const { metadata, description } = entry;
  switch (metadata.source) {
    case 'purchase':
      return { kind: 'purchase', billNumber: textOf(metadata, 'billNumber') ?? entry.reference };
    case 'reward': {
      const rewardId = rewardIdOf(entry);
      const reward = rewardId ? lookups.rewards.get(rewardId) : undefined;
      // The title the claim recorded: the reward's, as the merchant named it then.
      return { kind: 'reward', reward: reward?.kind ?? null, title: description ?? reward?.title ?? null };
    }
    case 'gift-card':
      return { kind: 'gift_card_loaded', name: description };
    default:
      return { kind: 'earned', note: description };
  }
}

function redeemFacts(entry: RecordedEntry): ReversedTransactionFacts {
  const { metadata, description } = entry;
  // A gift card's charge records the outlet's name as its description.
  if (metadata.source === 'gift-card') return { kind: 'gift_card_charge', outletName: description };
  const orderId = orderIdOf(entry);
  if (orderId) return { kind: 'order_payment', orderId, orderNumber: textOf(metadata, 'orderNumber') ?? legacyOrderPayment.exec(description ?? '')?.[1] ?? null };
  return { kind: 'redeemed', note: description };
}

/** The facts of an entry other than a reversal; `amount` is the card's side of it. */
function entryFacts(entry: RecordedEntry & { amount: bigint }, lookups: EntryLookups): ReversedTransactionFacts | null {
  switch (entry.kind) {
    case 'earn':
      return earnFacts(entry, lookups);
    case 'redeem':
      return redeemFacts(entry);
    case 'transfer':
      return { kind: entry.amount > 0n ? 'transfer_received' : 'transfer_sent' };
    case 'expiry':
      return { kind: 'expiry' };
    case 'adjustment':
      // The merchant's reason, as they wrote it.
      return { kind: 'adjustment', reason: entry.description };
    case 'reversal':
      return null;
  }
}

/** The reason a reversal's writer was given, or null when it wrote words of its own. */
function reversalReason(entry: RecordedEntry, reversed: ReversedTransactionFacts | null): string | null {
  if (entry.metadata.reasonGiven === false) return null;
  if (reversed?.kind === 'gift_card_charge' && entry.metadata.reasonGiven === undefined && entry.description === legacyGiftCardVoidReason) return null;
  return entry.description;
}

/** What happened in an entry of a card's history, as seen from the card (`amount` is its side). */
export function transactionFactsOf(entry: RecordedEntry & { amount: bigint; reversed: RecordedEntry | null }, lookups: EntryLookups): TransactionFacts {
  if (entry.kind !== 'reversal') return entryFacts(entry, lookups) ?? { kind: 'earned', note: entry.description };
  const reversed = entry.reversed ? entryFacts({ ...entry.reversed, amount: -entry.amount }, lookups) : null;
  if (reversed?.kind === 'order_payment') {
    // An order's move gives its points back, with the move's own words as the reason.
    const legacy = legacyOrderRefund.exec(entry.description ?? '');
    return {
      kind: 'order_refund',
      orderId: textOf(entry.metadata, 'orderId') ?? reversed.orderId,
      orderNumber: textOf(entry.metadata, 'orderNumber') ?? reversed.orderNumber ?? legacy?.[1] ?? null,
      status: refundStatusOf(entry.metadata.orderStatus) ?? refundStatusOf(legacy?.[2]),
    };
  }
  return { kind: 'reversal', reversed, reason: reversalReason(entry, reversed) };
}
