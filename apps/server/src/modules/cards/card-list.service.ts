import type { CardListAnswer, CardListItem, CardView } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { getCardFigures } from '../ledger/ledger.service.ts';
import { getImageViews } from '../media/images.service.ts';
import { cardLevels } from './card-levels.ts';
import { noEarnedExperience } from '../programs/levels.ts';
import { findLevelsOfPrograms, findMemberCardsPage } from './card-list.repository.ts';
import { toJsonNumber } from '../../lib/json-number.ts';

export const cardsPerPage = 10;

export interface ListCardsOptions {
  db: Database;
  merchantId: number;
  userId: string;
  view: CardView;
  page: number;
  now: Date;
}

/**
 * One page of the member's wallet (spec: app-core §4 Card list — pages start at 1), with the time
 * its balances next change by themselves (value expiring), or null.
 */
export async function listCards({ db, merchantId, userId, view, page, now }: ListCardsOptions): Promise<{ answer: CardListAnswer; changesAt: Date | null }> {
  const scope = { merchantId, userId, view };
  const { rows, total } = await findMemberCardsPage(db, { ...scope, limit: cardsPerPage, offset: (page - 1) * cardsPerPage });
  const cardIds = rows.map((row) => row.card.id);
  const [figures, levels, cardArtOf] = await Promise.all([
    getCardFigures({ db, merchantId, cardIds, now }),
    findLevelsOfPrograms(db, [...new Set(rows.map((row) => row.card.programId))]),
    getImageViews({ db, imageIds: rows.map((row) => row.cardArtImageId) }),
  ]);

  const data: CardListItem[] = [];
  for (const { card, programName, programType, unit, iconUrl, cardArtImageId } of rows) {
    const programLevels = levels.filter((level) => level.programId === card.programId);
    const current = programLevels.length > 0 ? cardLevels(programLevels, figures.get(card.id) ?? noEarnedExperience).current : null;
    data.push({
      id: card.id,
      walletId: card.id,
      // spec: app-core §3 — eGift is one type of card list item: a gift card (docs/decisions/027-gift-cards.md).
      type: programType === 'egift' ? 'eGift' : 'loyalty',
      no: card.number,
      status: card.status,
      isCardActive: card.status === 'active',
      programId: card.programId,
      programName,
      programType,
      iconUrl,
      cardArt: cardArtOf(cardArtImageId),
      balance: { amount: toJsonNumber(figures.get(card.id)?.spendable ?? 0n), unit },
      level: current ? { name: current.name, color: current.color } : null,
      hidden: card.hidden,
      archived: card.archived,
    });
  }
  const expiries = [...figures.values()].flatMap(({ changesAt }) => (changesAt ? [changesAt.getTime()] : []));
  return { answer: { data, page, count: total }, changesAt: expiries.length > 0 ? new Date(Math.min(...expiries)) : null };
}
