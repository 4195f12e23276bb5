import { ACTIVATION_CODE_MAX_LENGTH, ACTIVATION_CODE_MIN_LENGTH, CARD_NUMBER_LENGTH, REGISTRATION_ANSWER_MAX_LENGTH } from '@kartu/core/constants';
import { z } from 'zod';
import { movementAmountSchema } from './amounts.ts';
import { imageSchema } from './media.ts';
import { currencySchema } from './site.ts';
import { cardSubscriptionSchema } from './subscription-state.ts';

/* spec app-core §3 Card list, Card detail, Currency, Level; §7 api/v2/cards. Amounts are in the unit's smallest step. */

export const programTypeSchema = z.enum(['points', 'stamps', 'cash', 'subscription', 'egift']);
export type ProgramType = z.infer<typeof programTypeSchema>;
export const balanceUnitSchema = z.enum(['POINT', 'STAMP', 'CASH']);
export type BalanceUnit = z.infer<typeof balanceUnitSchema>;
export const cardStatusSchema = z.enum(['active', 'inactive', 'suspended', 'expired']);
export type CardStatus = z.infer<typeof cardStatusSchema>;

/** spec app-core §5 push route pattern for card ids. */
export const cardIdSchema = z.string().regex(/^[a-z0-9]{24}$/, 'Card not found');
export const cardParamsSchema = z.object({ id: cardIdSchema });
/** spec business-rules §5: 'Card number must be 16 digits'. */
export const cardNumberSchema = z.string().regex(new RegExp(`^\\d{${CARD_NUMBER_LENGTH}}$`), `Card number must be ${CARD_NUMBER_LENGTH} digits`);

export const cardViewSchema = z.enum(['active', 'hidden', 'archived']);
export type CardView = z.infer<typeof cardViewSchema>;

export const cardListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  view: cardViewSchema.default('active'),
});
export type CardListQuery = z.output<typeof cardListQuerySchema>;

export const balanceSchema = z.object({ amount: z.number().int(), unit: balanceUnitSchema });

export const cardListItemSchema = z.object({
  id: z.string(),
  walletId: z.string(),
  type: z.enum(['loyalty', 'eGift']),
  no: z.string(),
  status: cardStatusSchema,
  isCardActive: z.boolean(),
  programId: z.string(),
  programName: z.string(),
  programType: programTypeSchema,
  iconUrl: z.string().nullable(),
  cardArt: imageSchema.nullable(),
  balance: balanceSchema,
  level: z.object({ name: z.string(), color: z.string() }).nullable(),
  hidden: z.boolean(),
  archived: z.boolean(),
});
export type CardListItem = z.infer<typeof cardListItemSchema>;

export const cardListAnswerSchema = z.object({
  data: z.array(cardListItemSchema),
  page: z.number().int(),
  /** Across pages. */
  count: z.number().int(),
});
export type CardListAnswer = z.infer<typeof cardListAnswerSchema>;

export const levelSchema = z.object({
  name: z.string(),
  color: z.string(),
  isActive: z.boolean(),
  experience: z.number().int(),
  retentionExperience: z.number().int(),
});
export type Level = z.infer<typeof levelSchema>;

export const registrationFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(['text', 'email', 'date', 'select']),
  required: z.boolean(),
  options: z.array(z.string()).optional(),
});
export type RegistrationField = z.infer<typeof registrationFieldSchema>;

export const cardDetailSchema = z.object({
  id: z.string(),
  no: z.string(),
  isCardActive: z.boolean(),
  status: cardStatusSchema,
  validTill: z.string().nullable(),
  programType: programTypeSchema,
  subscription: cardSubscriptionSchema.nullable(),
  cardProgram: z.object({ iconUrl: z.string().nullable(), cardArt: imageSchema.nullable(), programId: z.string(), programName: z.string() }),
  merchant: z.object({ brand: z.string(), id: z.number().int(), countryCode: z.string() }),
  customer: z.object({ id: z.string() }),
  customerData: z.object({ email: z.string().nullable(), phone: z.string().nullable(), name: z.string().nullable() }),
  /** e.g. showBtnShop, showTransferPoint, showClaimRewards, showLevels, showTransactionHistory. */
  visualAttributes: z.record(z.string(), z.boolean()),
  /** In order, e.g. 'transaction-history', 'transfer-point', 'claim-rewards', 'levels'. */
  menus: z.array(z.string()),
  currency: currencySchema,
  isBalanceStamps: z.boolean(),
  isFixedAddress: z.boolean(),
  fixedAddressDetail: z.record(z.string(), z.string()).nullable(),
  balance: balanceSchema.extend({
    expiring: z.array(z.object({ amount: z.number().int(), expiresAt: z.string() })),
  }),
  levels: z.array(levelSchema),
  levelProgress: z.object({
    lifetimeExperience: z.number().int(),
    /** Earnings of the last `retentionPeriodDays` days, held against each level's retentionExperience. */
    earnedInRetentionPeriod: z.number().int(),
    retentionPeriodDays: z.number().int().positive(),
    current: levelSchema.nullable(),
    next: levelSchema.nullable(),
    /** 0 to 1: how far lifetime earnings are from the highest level reached to the next. */
    progress: z.number().min(0).max(1),
  }),
  registration: z.object({
    required: z.boolean(),
    completed: z.boolean(),
    form: z.array(registrationFieldSchema),
  }),
  hidden: z.boolean(),
  archived: z.boolean(),
  claimableRewards: z.number().int(),
});
export type CardDetail = z.infer<typeof cardDetailSchema>;

export const checkCardNumberBodySchema = z.object({ number: cardNumberSchema });
export const cardPreviewSchema = z.object({
  number: z.string(),
  brand: z.string(),
  programName: z.string(),
  iconUrl: z.string().nullable(),
  cardArt: imageSchema.nullable(),
  requiresActivationCode: z.boolean(),
});
export type CardPreview = z.infer<typeof cardPreviewSchema>;

export const checkCardPinBodySchema = z.object({
  number: cardNumberSchema,
  activationCode: z.string().trim().min(ACTIVATION_CODE_MIN_LENGTH).max(ACTIVATION_CODE_MAX_LENGTH),
});
export const checkCardPinAnswerSchema = z.object({ valid: z.literal(true) });

export const registerCardBodySchema = z.object({
  number: cardNumberSchema,
  activationCode: z.string().trim().min(ACTIVATION_CODE_MIN_LENGTH).max(ACTIVATION_CODE_MAX_LENGTH).optional(),
});
export const registerCardAnswerSchema = z.object({ cardId: z.string() });

export const cardRegistrationBodySchema = z.object({
  answers: z.record(z.string(), z.string().trim().max(REGISTRATION_ANSWER_MAX_LENGTH)),
});

export const transactionKindSchema = z.enum(['earn', 'redeem', 'transfer-in', 'transfer-out', 'expiry', 'reversal', 'adjustment', 'reward']);
export type TransactionKind = z.infer<typeof transactionKindSchema>;

// Defined before the history's facts, which name a reward's kind.
export const rewardKindSchema = z.enum(['welcome', 'birthday', 'level-up']);

/*
 * What happened in one entry of a card's history, as facts: the app words them in the member's
 * language (docs/decisions/038-history-wording.md). Names, titles and reasons a merchant gave are
 * facts too, shown as the merchant wrote them. A fact an old entry did not keep is null.
 */
const entryFactsVariants = [
  /** A purchase the merchant's till reported earned value: its bill number. */
  z.object({ kind: z.literal('purchase'), billNumber: z.string().nullable() }),
  /** A reward the member claimed: which one (null when no longer known) and its title, in the merchant's words. */
  z.object({ kind: z.literal('reward'), reward: rewardKindSchema.nullable(), title: z.string().nullable() }),
  /** An e-gift voucher activated into this gift card, loading it with its value: the voucher's name. */
  z.object({ kind: z.literal('gift_card_loaded'), name: z.string().nullable() }),
  /** Value earned another way; `note` is what the entry was recorded with, as written. */
  z.object({ kind: z.literal('earned'), note: z.string().nullable() }),
  /** A shop order paid (in part) from this card. */
  z.object({ kind: z.literal('order_payment'), orderId: z.string().nullable(), orderNumber: z.string().nullable() }),
  /** A payment with this gift card at one of the merchant's outlets. */
  z.object({ kind: z.literal('gift_card_charge'), outletName: z.string().nullable() }),
  /** Value spent another way; `note` is what the entry was recorded with, as written. */
  z.object({ kind: z.literal('redeemed'), note: z.string().nullable() }),
  /** Sent to another member's card (`counterparty` names it). */
  z.object({ kind: z.literal('transfer_sent') }),
  /** Received from another member's card (`counterparty` names it). */
  z.object({ kind: z.literal('transfer_received') }),
  /** Value that reached its expiry. */
  z.object({ kind: z.literal('expiry') }),
  /** A correction by the merchant, with their reason as they wrote it. */
  z.object({ kind: z.literal('adjustment'), reason: z.string().nullable() }),
] as const;

/** What a reversal undid: any entry but a reversal. */
export const reversedTransactionFactsSchema = z.discriminatedUnion('kind', entryFactsVariants);
export type ReversedTransactionFacts = z.infer<typeof reversedTransactionFactsSchema>;

export const transactionFactsSchema = z.discriminatedUnion('kind', [
  ...entryFactsVariants,
  /** An order's points given back when it failed, was cancelled or was returned. */
  z.object({
    kind: z.literal('order_refund'),
    orderId: z.string().nullable(),
    orderNumber: z.string().nullable(),
    status: z.enum(['failed', 'cancelled', 'returned']).nullable(),
  }),
  /** The merchant undid an entry: what it was (null when unknown) and their reason as written (null when they gave none). */
  z.object({ kind: z.literal('reversal'), reversed: reversedTransactionFactsSchema.nullable(), reason: z.string().nullable() }),
]);
export type TransactionFacts = z.infer<typeof transactionFactsSchema>;

export const transactionSchema = z.object({
  id: z.string(),
  /** The kind of movement, for its picture and its type; `facts` tell what happened. */
  kind: transactionKindSchema,
  facts: transactionFactsSchema,
  /** Signed, as seen from this card: positive in, negative out. */
  amount: z.number().int(),
  unit: balanceUnitSchema,
  /** The merchant's reference, such as a bill number. */
  reference: z.string().nullable(),
  occurredAt: z.string(),
  /** The other card of a transfer, masked. */
  counterparty: z.object({ cardNo: z.string(), name: z.string().nullable() }).nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const transactionListAnswerSchema = z.object({
  data: z.array(transactionSchema),
  nextCursor: z.string().nullable(),
});
export const transactionParamsSchema = z.object({ id: cardIdSchema, transactionId: z.string().uuid() });
export const transactionDetailSchema = transactionSchema.extend({
  status: z.enum(['accepted', 'reversed']),
  reversedAt: z.string().nullable(),
});
export type TransactionDetail = z.infer<typeof transactionDetailSchema>;

export const transferRecipientBodySchema = z.object({
  phone: z.string().trim().min(4).max(32),
  countryCode: z.string().regex(/^\d{1,4}$/).default('62'),
});
export const transferPreviewSchema = z.object({
  recipient: z.object({ name: z.string().nullable(), phone: z.string() }),
});
export const transferBodySchema = transferRecipientBodySchema.extend({
  amount: movementAmountSchema,
  pin: z.string().regex(/^\d{6}$/),
});
export const transferAnswerSchema = z.object({ transactionId: z.string(), balance: balanceSchema });

export const rewardSchema = z.object({
  id: z.string(),
  kind: rewardKindSchema,
  title: z.string(),
  amount: z.number().int(),
  unit: balanceUnitSchema,
  /** Also brings an e-voucher (its title names it), issued into the wallet when claimed. */
  withVoucher: z.boolean(),
  status: z.enum(['claimable', 'claimed']),
  grantedAt: z.string(),
  claimedAt: z.string().nullable(),
});
export type Reward = z.infer<typeof rewardSchema>;
export const rewardListAnswerSchema = z.object({ data: z.array(rewardSchema) });
export const claimRewardBodySchema = z.object({ rewardId: z.string().uuid() });
export const claimRewardAnswerSchema = z.object({ reward: rewardSchema, balance: balanceSchema });
