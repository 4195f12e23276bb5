import type { CardDetail, Currency, PublicMerchant } from '@kartu/contracts';
import { LEVEL_RETENTION_DAYS } from '@kartu/core';
import type { Database } from '../../db/database.ts';
import type { UserRow } from '../auth/users.table.ts';
import { listExpiringLots } from '../ledger/expiry.service.ts';
import { getBalance, getEarnedExperience } from '../ledger/ledger.service.ts';
import { getImageView } from '../media/images.service.ts';
import { getProgram, getProgramLevels } from '../programs/programs.service.ts';
import { getCardSubscription } from '../subscriptions/card-subscription.service.ts';
import type { ProgramRow } from '../programs/programs.table.ts';
import { cardLevels } from './card-levels.ts';
import { isRegistrationComplete, toFormFields } from './card-registration.service.ts';
import { getMemberCard } from './member-card.service.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import { countClaimableRewards } from './rewards.repository.ts';

export interface CardDetailOptions {
  db: Database;
  merchant: PublicMerchant;
  user: UserRow;
  cardId: string;
  now: Date;
}

/** The currency amounts are shown in: the merchant's, or a cash program's own (spec: app-core §3 Currency). */
export function currencyOf(program: Pick<ProgramRow, 'currencyCode'>, merchant: PublicMerchant): Currency {
  const code = program.currencyCode;
  if (!code || code === merchant.currency.code) return merchant.currency;
  const decimalDigits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
  return { ...merchant.currency, code, symbol: code, decimalDigits };
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
    countClaimableRewards(db, { merchantId: merchant.id, cardId: card.id }),
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
    currency: currencyOf(program, merchant),
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
