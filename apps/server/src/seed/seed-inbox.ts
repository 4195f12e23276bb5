import { maskRecipientName } from '@kartu/core/masking';
import { DAY_MS } from '@kartu/core/calendar';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { getCard } from '../modules/card-access/card-access.service.ts';
import { cardPagePath } from '../modules/card-access/card-pages.ts';
import { cardRewards } from '../modules/cards/rewards.table.ts';
import { inboxMessages, type NewInboxMessageRow } from '../modules/inbox/inbox.table.ts';
import { getBalance } from '../modules/ledger/ledger.service.ts';
import { listMerchantTimeZones } from '../modules/tenancy/tenancy.service.ts';
import { issueVouchersOfTemplates } from '../modules/vouchers/voucher-issuing.service.ts';
import { leaveExpiryReminders } from '../use-cases/expiry-reminders/expiry-reminders.ts';
import { demoCardId, demoCardNumbers, demoMember, type SeedCardsOptions } from './seed-cards.ts';
import { demoVoucherTemplateIds } from './seed-vouchers.ts';

/*
 * The inbox demo: Rani's messages at Kopi Senja, each about something the demo holds — her welcome
 * bonus (read), her Club month paid (read), the points Budi sent her (read), her latest purchase's
 * points, the merchant's weekend promo, and the reminder of a butter croissant voucher that lapses
 * in 4 days (the last three unread: the header's badge shows 3). Fixed ids, and the reminder's once
 * key, make it idempotent: a message is written once and then left as she reads or deletes it.
 * None of her points lapse within a week (the program keeps them a year), so no reminder says so.
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
  await readWelcomeMessage(tx, { rani, cardId: pointsCard.id });
  await remindOfCroissant(tx, merchantId, { rani, cardId: pointsCard.id, now });
}

/** Her welcome bonus was told when she added the card (seed-cards.ts), 90 days ago: she read it then. */
async function readWelcomeMessage(tx: Database, { rani, cardId }: { rani: string; cardId: string }): Promise<void> {
  const [welcome] = await tx
    .select({ id: cardRewards.id })
    .from(cardRewards)
    .where(and(eq(cardRewards.cardId, cardId), eq(cardRewards.kind, 'welcome')));
  if (!welcome) return;
  await tx
    .update(inboxMessages)
    .set({ readAt: inboxMessages.createdAt })
    .where(and(eq(inboxMessages.userId, rani), eq(inboxMessages.onceKey, `reward_granted:${welcome.id}`), isNull(inboxMessages.readAt)));
}

/**
 * A butter croissant voucher (14 days) granted 10 days ago, which lapses in 4: the reminders job,
 * run as of the seed, tells her of it, as its daily run would.
 */
async function remindOfCroissant(tx: Database, merchantId: number, { rani, cardId, now }: { rani: string; cardId: string; now: Date }): Promise<void> {
  await issueVouchersOfTemplates(tx, {
    merchantId,
    holder: { userId: rani, cardId },
    source: { type: 'grant', id: 'demo-rani-croissant-lapsing' },
    templates: [{ templateId: demoVoucherTemplateIds.croissant, quantity: 1 }],
    now: new Date(now.getTime() - 10 * DAY_MS),
  });
  const timeZone = (await listMerchantTimeZones({ db: tx })).find((merchant) => merchant.merchantId === merchantId)?.timeZone;
  if (timeZone) await leaveExpiryReminders({ db: tx, merchantId, timeZone, now });
}
