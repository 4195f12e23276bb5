import type { CardRow } from '../card-access/cards.table.ts';
import { updateCardPlacement } from './card-wallet.repository.ts';
import { getMemberCard, type MemberCardOptions } from '../card-access/card-access.service.ts';

export const cardActions = ['hide', 'unhide', 'archive', 'unarchive'] as const;
export type CardAction = (typeof cardActions)[number];

// spec: business-rules §4 — cards can be hidden, unhidden, archived or unarchived.
const placements: Record<CardAction, Partial<Pick<CardRow, 'hidden' | 'archived'>>> = {
  hide: { hidden: true },
  unhide: { hidden: false },
  archive: { archived: true },
  unarchive: { archived: false },
};

/** Moves a card of the member's wallet between the active, hidden and archived views; repeating an action changes nothing. */
export async function applyCardAction(options: MemberCardOptions & { action: CardAction; now: Date }): Promise<void> {
  const card = await getMemberCard(options);
  await updateCardPlacement(options.db, { card, placement: placements[options.action], now: options.now });
}
