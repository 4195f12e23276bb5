import type { Database } from '../../db/database.ts';
import { getMemberCard } from '../../modules/card-access/card-access.service.ts';
import { recordEvent } from '../../modules/analytics/analytics.service.ts';

/** `view_card_detail`: the member opened one of their cards' page; another member's card is not found. */
export async function recordCardView({ db, merchantId, userId, cardId, now }: { db: Database; merchantId: number; userId: string; cardId: string; now: Date }): Promise<void> {
  const card = await getMemberCard({ db, merchantId, userId, cardId });
  await recordEvent(db, { merchantId, userId, cardId: card.id, name: 'view_card_detail', properties: { programId: card.programId }, occurredAt: now });
}
