import type { CardDetail, PublicMerchant } from '@kartu/contracts';
import { LEVEL_RETENTION_DAYS } from '@kartu/core';
import type { Database } from '../../db/database.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import type { UserRow } from '../../modules/auth/users.table.ts';
import { cardLevels } from '../../modules/cards/card-levels.ts';
import { isRegistrationComplete, toFormFields } from '../../modules/cards/card-registration.service.ts';
import { countRewardsToClaim } from '../../modules/cards/rewards.service.ts';
import { listExpiringLots } from '../../modules/ledger/expiry.service.ts';
import { getBalance, getEarnedExperience } from '../../modules/ledger/ledger.service.ts';
import { getImageView } from '../../modules/media/images.service.ts';
import { currencyOf } from '../../modules/programs/program-currency.ts';
import { getProgram, getProgramLevels } from '../../modules/programs/programs.service.ts';
import type { ProgramRow } from '../../modules/programs/programs.table.ts';
import { getMemberCard } from '../../modules/card-access/card-access.service.ts';
import { getCardSubscription } from '../../modules/subscriptions/membership.service.ts';

/*
 * The card page (spec: app-core §3 Card detail): one card of the member's wallet with what four
 * modules know of it: the card and its rewards, the ledger's balance, expiry and earnings, the
 * program's levels and art, and the membership of a subscription program.
 */

export interface CardDetailOptions {
  db: Database;
  merchant: PublicMerchant;
  user: UserRow;
  cardId: string;
  now: Date;
}

/** Only the flags that are set, as booleans: absent means off. */
function visualAttributesOf(program: ProgramRow): Record<string, boolean> {
  return Object.fromEntries(Object.entries(program.visualAttributes).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'));
}

/** Everything the card page shows of one card in the member's wallet (spec: app-core §3 Card detail). */
export async function getCardDetail({ db, merchant, user, cardId, now }: CardDetailOptions): Promise<CardDetail> {
  const card = await getMemberCard({ db, merchantId: merchant.id, userId: user.id, cardId });
  const { program } = await getProgram({ db, merchantId: merchant.id, programId: card.programId });
  const [levelRows, balance, expiring, earned, claimableRewards, cardArt, subscription] = await Promise.all([
    getProgramLevels({ db, programId: program.id }),
    getBalance({ db, card, now }),
    listExpiringLots({ db, card, now }),
    getEarnedExperience({ db, card, now }),
    countRewardsToClaim({ db, merchantId: merchant.id, cardId: card.id }),
    getImageView({ db, imageId: program.cardArtImageId }),
    program.type === 'subscription' ? getCardSubscription({ db, merchantId: merchant.id, cardId: card.id, now }) : null,
  ]);
  const standing = cardLevels(levelRows, earned);
  return {
    id: card.id,
    no: card.number,
    isCardActive: card.status === 'active',
    status: card.status,
    validTill: card.validTill,
    programType: program.type,
    subscription,
    cardProgram: { iconUrl: program.iconUrl, cardArt, programId: program.id, programName: program.name },
    merchant: { brand: merchant.brand, id: merchant.id, countryCode: merchant.countryCode },
    customer: { id: user.id },
    customerData: { email: user.email, phone: user.phone, name: user.name },
    visualAttributes: visualAttributesOf(program),
    menus: program.menus.map((menu) => menu.key),
    currency: currencyOf(program, merchant.currency),
    isBalanceStamps: program.unit === 'STAMP',
    isFixedAddress: program.fixedAddress !== null,
    fixedAddressDetail: program.fixedAddress,
    balance: {
      amount: toJsonNumber(balance),
      unit: program.unit,
      expiring: expiring.map((lot) => ({ amount: toJsonNumber(lot.remaining), expiresAt: lot.expiresAt.toISOString() })),
    },
    levels: standing.levels,
    levelProgress: {
      lifetimeExperience: toJsonNumber(earned.lifetimeEarned),
      earnedInRetentionPeriod: toJsonNumber(earned.earnedInRetentionPeriod),
      retentionPeriodDays: LEVEL_RETENTION_DAYS,
      current: standing.current,
      next: standing.next,
      progress: standing.progress,
    },
    registration: {
      required: program.registrationForm.length > 0,
      completed: isRegistrationComplete(program.registrationForm, card.registeredData),
      form: toFormFields(program.registrationForm),
    },
    hidden: card.hidden,
    archived: card.archived,
    claimableRewards,
  };
}
