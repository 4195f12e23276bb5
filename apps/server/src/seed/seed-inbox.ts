import { maskRecipientName } from '@kartu/core/masking';
import { DAY_MS } from '@kartu/core/calendar';
import type { Database } from '../db/database.ts';
import { getCard } from '../modules/card-access/card-access.service.ts';
import { cardPagePath } from '../modules/card-access/card-pages.ts';
import { inboxMessages, type NewInboxMessageRow } from '../modules/inbox/inbox.table.ts';
import { getBalance } from '../modules/ledger/ledger.service.ts';
import { demoCardId, demoCardNumbers, demoMember, type SeedCardsOptions } from './seed-cards.ts';

/*
 * The inbox demo: Rani's messages at Kopi Senja, each about something the demo holds — her Club
 * month paid (read), the points Budi sent her (read), her latest purchase's points, and the
 * merchant's weekend promo (both unread: the header's badge shows 2). Fixed ids make it
 * idempotent: a message is written once and then left as she reads or deletes it.
 */

export const demoInboxMessageIds = {
  clubPaid: '5eed0000-0000-4000-8000-000000000601',
  pointsFromBudi: '5eed0000-0000-4000-8000-000000000602',
  latestPurchase: '5eed0000-0000-4000-8000-000000000603',
  weekendPromo: '5eed0000-0000-4000-8000-000000000604',
} as const;

export async function seedKopiSenjaInbox(tx: Database, merchantId: number, { now }: Pick<SeedCardsOptions, 'now'>): Promise<void> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const rani = await demoMember(tx, { merchantId, phone: '+6281211112222', name: 'Rani Saputra', now: daysAgo(120) });
  const pointsCard = await getCard({ db: tx, merchantId, cardId: demoCardId(demoCardNumbers.raniPoints) });
  const clubCardId = demoCardId(demoCardNumbers.raniClub);
  const programName = 'Kopi Senja Rewards';
  const message = (row: Omit<NewInboxMessageRow, 'merchantId' | 'userId'>): NewInboxMessageRow => ({ merchantId, userId: rani, ...row });
  await tx
    .insert(inboxMessages)
    .values([
      // The Club month she paid 35 days ago (seed-subscriptions.ts); it has run out, so the link offers the plans.
      message({
        id: demoInboxMessageIds.clubPaid,
        cardId: clubCardId,
        facts: { kind: 'payment_settled', status: 'paid', amount: 56_890, currency: 'IDR' },
        link: `${cardPagePath(clubCardId)}/subscribe`,
        createdAt: daysAgo(35),
        readAt: daysAgo(35),
      }),
      // Budi's thanks 8 days ago (seed-cards.ts).
      message({
        id: demoInboxMessageIds.pointsFromBudi,
        cardId: pointsCard.id,
        facts: { kind: 'transfer_received', points: 30, unit: 'POINT', senderName: maskRecipientName('Budi Santoso'), programName },
        link: cardPagePath(pointsCard.id),
        createdAt: daysAgo(8),
        readAt: daysAgo(7),
      }),
      // A cappuccino and a banana bread 4 days ago, Rp52.000: 52 points, and her latest movement (seed-cards.ts).
      message({
        id: demoInboxMessageIds.latestPurchase,
        cardId: pointsCard.id,
        facts: { kind: 'points_earned', points: 52, unit: 'POINT', balance: Number(await getBalance({ db: tx, card: pointsCard, now })), programName },
        link: cardPagePath(pointsCard.id),
        createdAt: daysAgo(4),
      }),
      message({
        id: demoInboxMessageIds.weekendPromo,
        cardId: null,
        facts: { kind: 'merchant', title: 'Weekend promo: double points', text: 'Double points on every Kopi Susu Senja this Saturday and Sunday, at every outlet and in the app.' },
        link: `${cardPagePath(pointsCard.id)}/catalogs`,
        createdAt: daysAgo(1),
      }),
    ])
    .onConflictDoNothing({ target: inboxMessages.id });
}
