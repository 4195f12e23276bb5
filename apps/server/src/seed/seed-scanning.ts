import { DAY_MS, HOUR_MS } from '@kartu/core/calendar';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../db/database.ts';
import { cards } from '../modules/card-access/cards.table.ts';
import { fitImage } from '../modules/media/image-variants.ts';
import { receiptCampaigns, receipts } from '../modules/receipts/receipts.table.ts';
import { hashUniqueCode } from '../modules/unique-codes/unique-codes.service.ts';
import { uniqueCodeBatches, uniqueCodes } from '../modules/unique-codes/unique-codes.table.ts';
import { demoCardId, demoCardNumbers, demoProgramIds, type SeedCardsOptions } from './seed-cards.ts';

/*
 * The scanning demo (docs/decisions/046-scanning.md, README "Demo data"): printed codes of three
 * batches (points at once, points within 24 hours, and a suspended batch), the Senayan City receipt
 * campaign, and two receipts Rani sent (one in review, one not approved). Fixed ids and codes make
 * seeding again keep them.
 */

export const demoBatchIds = {
  coldBrewCaps: '5eed0000-0000-4000-8000-000000000141',
  festivalCups: '5eed0000-0000-4000-8000-000000000142',
  oldCaps: '5eed0000-0000-4000-8000-000000000143',
} as const;

/** Printed codes the README names: each is claimed once. */
export const demoUniqueCodes = {
  coldBrewCaps: ['CAPS-2026-0001', 'CAPS-2026-0002', 'CAPS-2026-0003', 'CAPS-2026-0004', 'CAPS-2026-0005'],
  festivalCups: ['FEST-CUP-0001', 'FEST-CUP-0002', 'FEST-CUP-0003'],
  oldCaps: ['OLD-CAP-0001'],
} as const;

export const demoReceiptCampaign = { id: '5eed0000-0000-4000-8000-000000000151', code: 'SENAYAN-CITY' } as const;
const demoReceiptIds = ['5eed0000-0000-4000-8000-000000000152', '5eed0000-0000-4000-8000-000000000153'] as const;

/** A till receipt as a photo would show it, drawn once for the demo. */
async function receiptPhoto(lines: string[]): Promise<Buffer> {
  const text = lines.map((line, index) => `<text x="40" y="${90 + index * 44}" font-family="monospace" font-size="26" fill="#222">${line}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="${160 + lines.length * 44}"><rect width="100%" height="100%" fill="#f7f3ea"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function seedKopiSenjaScanning(tx: Database, merchantId: number, { now, uniqueCodeKey }: Pick<SeedCardsOptions, 'now' | 'uniqueCodeKey'>): Promise<void> {
  const programId = demoProgramIds.kopiSenjaRewards;
  const daysFromNow = (days: number) => new Date(now.getTime() + days * DAY_MS);
  await tx
    .insert(uniqueCodeBatches)
    .values([
      { id: demoBatchIds.coldBrewCaps, merchantId, programId, name: 'Cold brew bottle caps', points: 25n, count: demoUniqueCodes.coldBrewCaps.length, startsAt: daysFromNow(-30), endsAt: daysFromNow(120), rewardDelayHours: 0, createdAt: daysFromNow(-31) },
      { id: demoBatchIds.festivalCups, merchantId, programId, name: 'Coffee festival cups', points: 40n, count: demoUniqueCodes.festivalCups.length, startsAt: daysFromNow(-5), endsAt: daysFromNow(25), rewardDelayHours: 24, createdAt: daysFromNow(-6) },
      { id: demoBatchIds.oldCaps, merchantId, programId, name: 'Last season’s caps', points: 10n, count: demoUniqueCodes.oldCaps.length, startsAt: daysFromNow(-200), endsAt: daysFromNow(30), rewardDelayHours: 0, status: 'suspended', createdAt: daysFromNow(-201) },
    ])
    .onConflictDoNothing();
  const codeRows = (Object.keys(demoBatchIds) as Array<keyof typeof demoBatchIds>).flatMap((batch) =>
    demoUniqueCodes[batch].map((code) => ({ merchantId, batchId: demoBatchIds[batch], codeHash: hashUniqueCode(code, uniqueCodeKey) })),
  );
  await tx.insert(uniqueCodes).values(codeRows).onConflictDoNothing();

  await tx
    .insert(receiptCampaigns)
    .values({
      id: demoReceiptCampaign.id,
      merchantId,
      programId,
      code: demoReceiptCampaign.code,
      name: 'Senayan City receipts',
      description: 'Shopped anywhere in Senayan City? Send us the receipt: 1 point for every Rp 1.000.',
      startsAt: daysFromNow(-10),
      endsAt: daysFromNow(60),
      createdAt: daysFromNow(-11),
    })
    .onConflictDoNothing();

  const [rani] = await tx.select({ ownerUserId: cards.ownerUserId }).from(cards).where(eq(cards.id, demoCardId(demoCardNumbers.raniPoints)));
  if (!rani?.ownerUserId) return;
  const existing = await tx.select({ id: receipts.id }).from(receipts).where(eq(receipts.id, demoReceiptIds[0]));
  if (existing.length > 0) return;
  const inReview = await fitImage({ bytes: await receiptPhoto(['SENAYAN CITY', 'Toko Buku Aksara', '1x Novel      Rp 98.000', '1x Pena       Rp 12.500', '--------------------------', 'TOTAL        Rp 110.500']), maxSide: 2000 });
  const blurry = await fitImage({ bytes: await receiptPhoto(['KOPI SENJA', '...', '(the total is cut off)']), maxSide: 2000 });
  const base = { merchantId, userId: rani.ownerUserId, cardId: demoCardId(demoCardNumbers.raniPoints), programId };
  await tx.insert(receipts).values([
    { ...base, id: demoReceiptIds[0], campaignId: demoReceiptCampaign.id, contentType: inReview.contentType, bytes: inReview.bytes, byteLength: inReview.bytes.length, submittedAt: new Date(now.getTime() - 5 * HOUR_MS) },
    {
      ...base,
      id: demoReceiptIds[1],
      campaignId: null,
      status: 'rejected',
      contentType: blurry.contentType,
      bytes: blurry.bytes,
      byteLength: blurry.bytes.length,
      submittedAt: daysFromNow(-3),
      reviewedAt: daysFromNow(-2),
      note: 'The total is cut off: please send a photo of the whole receipt.',
    },
  ]);
}
