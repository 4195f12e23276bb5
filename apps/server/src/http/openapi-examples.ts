import type * as contracts from '@kartu/contracts';
import type { z } from 'zod';
import type {
  BillPayment,
  BillQuote,
  EarnCode,
  IntegrationReceipt,
  QrisPayment,
  Receipt,
  UniqueCodeBatch,
  UniqueCodeClaim,
  IntegrationMission,
  Mission,
  Privilege,
  PrivilegeAnswer,
  SurveyQuestion,
  Address,
  CardListItem,
  CardTokenInput,
  CatalogCategory,
  Currency,
  Distributor,
  GiftCardCharge,
  InboxMessage,
  IntegrationOrder,
  IntegrationPaymentAnswer,
  IntegrationPendingVoucher,
  IntegrationProduct,
  Level,
  Order,
  PaymentAnswer,
  Profile,
  ProductDetail,
  ProductSummary,
  PublicMerchant,
  Reward,
  SavedCard,
  SessionUser,
  SizedImage,
  Subscription,
  SubscriptionPlan,
  Transaction,
  Voucher,
  VoucherGift,
} from '@kartu/contracts';

type Contracts = typeof contracts;
/** The contracts' schema exports, by name. */
export type ContractSchemaName = {
  [K in keyof Contracts]: K extends `${string}Schema` ? (Contracts[K] extends z.ZodType ? K : never) : never;
}[keyof Contracts];
/** An example of a contract: what a client sends for a body, what the server answers otherwise. */
export type ContractExample<K extends ContractSchemaName> = K extends `${string}BodySchema` ? z.input<Contracts[K]> : z.output<Contracts[K]>;
export type ContractExamples = { [K in ContractSchemaName]?: ContractExample<K> };

/*
 * One story runs through the examples: Rani, a member of the Kopi Senja coffee chain in Jakarta
 * (+6281234567890), with her Kopi Senja Rewards points card, her Kopi Senja Club membership and a
 * Kopi Senja gift card; Budi is the friend she sends points and a voucher to. Money is in rupiah,
 * which has no minor unit, so Rp28.000 is 28000; points and stamps count in whole units.
 */

// Who and what.
const merchantId = 1;
const brand = 'Kopi Senja';
const memberId = 'a5cd0bc7-09c2-427f-9aa7-ecbf63457c81';
const memberPhone = '+6281234567890';
const memberNationalPhone = '081234567890';
const memberName = 'Rani Saputra';
const friendNationalPhone = '081298765432';
/** As another member is shown it: masked. */
const friendMaskedPhone = '+62 812-****-5432';

const rewardsProgram = { id: 'cd8cc369-3ac8-44b6-8356-db8d1493e9e2', name: 'Kopi Senja Rewards' } as const;
const clubProgram = { id: '437fe25f-d28e-42f9-b53d-a158cd3481df', name: 'Kopi Senja Club' } as const;
const giftCardProgram = { id: '4722eac5-d966-4cca-8f05-117fd9aec9d9', name: 'Kopi Senja Gift Card' } as const;

const pointsCard = { id: 'mj1zgovfnjnu5ep5rp3ix02k', number: '6001012837465195' } as const;
const clubCard = { id: 'wrw83qhgiw18b7izfgvxg3lw', number: '6001032746158301' } as const;
const giftCardCard = { id: 'kdvctme3m421xne6f32i60mx', number: '6001041938572641' } as const;
const friendCard = { id: 'xawzt8xwmv032qwuk8ldj3fi', number: '6001012837465278' } as const;
const activationCode = 'KSV8BPA4';
const pin = '135790';

const iconUrl = '/brand/kopi-senja.svg';
const currency: Currency = { code: 'IDR', symbol: 'Rp', decimalDigits: 0, thousandSeparator: '.', decimalSeparator: ',' };

// When: Saturday 14 March 2026, about 10:15 in Jakarta.
const now = '2026-03-14T03:15:00.000Z';
const purchasedAt = '2026-03-14T02:40:00.000Z';
const transferredAt = '2026-03-12T11:05:00.000Z';
const orderedAt = '2026-03-14T03:20:00.000Z';
const subscribedAt = '2026-03-14T03:40:00.000Z';

/** A picture as the media routes serve it: its smallest variant, and every variant for sharper screens. */
function image(imageId: string, sizes: ReadonlyArray<readonly [number, number]>): SizedImage {
  const [width, height] = sizes[0] ?? [0, 0];
  return { src: `/media/${imageId}/${width}.webp`, srcSet: sizes.map(([w]) => `/media/${imageId}/${w}.webp ${w}w`).join(', '), width, height };
}

const cardArt = image('e5260edc-ad39-4e5c-b052-a03c5a8499d2', [
  [343, 216],
  [686, 433],
]);
const productTile = (imageId: string) =>
  image(imageId, [
    [240, 240],
    [480, 480],
    [960, 960],
  ]);
const torajaImage = productTile('5cd20c22-cbd8-4940-8078-b9452b4cab23');
const dripImage = productTile('092c695a-889e-4957-88d8-8f9e019fa0fe');
const kopiSusuImage = productTile('3e6adbb0-97ce-4c08-8220-acf9e744e316');
const merchantIcon = image('0420a1c9-db31-4fa2-88a8-0d94bda53477', [
  [64, 64],
  [128, 128],
]);
const merchantBanner = image('9e323390-f722-4422-ba8e-042daf21a35b', [
  [480, 270],
  [960, 540],
]);
const kopiSenjaTerms = {
  language: 'id',
  termsCondition: 'Kopi Senja Rewards adalah program loyalitas Kopi Senja.\n\nPoin berlaku 12 bulan sejak diterima.',
  privacyPolicy: 'Kami menyimpan nama, nomor ponsel dan riwayat transaksi Anda untuk menjalankan program.',
  updatedAt: '2026-03-01T03:00:00.000Z',
} as const;
const bannerImage = (imageId: string) =>
  image(imageId, [
    [480, 270],
    [960, 540],
  ]);
const weekendBanner = { id: 'c0b7e4a6-2f31-4d8e-9a15-6e2b8f4d7c30', title: 'Weekend double points on Kopi Susu', image: bannerImage('a8d4f1e2-7c63-4b9a-8e05-3f1d6c2b9a47'), link: `/cards/${pointsCard.id}/catalogs` };
const gayoBanner = { id: '5e9a2c71-b4d8-4f06-a3e1-8c7f2d0b6e94', title: 'New: Gayo single origin beans', image: bannerImage('71c3e9b5-0d2a-4f84-b6e7-2a9d5c1f8e03'), link: null };
const referralOffer = {
  id: '5eed0000-0000-4000-8000-000000000101',
  programId: rewardsProgram.id,
  programName: rewardsProgram.name,
  unit: 'POINT',
  referrerReward: 100,
  friendReward: 50,
  rewardOn: 'purchased',
  status: 'active',
  endsAt: null,
} as const;
const yearlyTarget = {
  id: '5eed0000-0000-4000-8000-000000000111',
  cardId: pointsCard.id,
  name: 'Senja Regular of the year',
  description: 'Every bill at a Kopi Senja till counts, at any outlet. Reach it again next year.',
  kind: 'spend',
  period: 'yearly',
  target: 2_000_000,
  progress: 1_250_000,
  currency: 'IDR',
  unit: 'POINT',
  reward: 300,
  windowStartsAt: '2025-12-31T17:00:00.000Z',
  windowEndsAt: '2026-12-31T17:00:00.000Z',
  achieved: false,
  achievedAt: null,
} as const;
const morningRitual: Mission = {
  id: '5eed0000-0000-4000-8000-000000000121',
  cardId: pointsCard.id,
  name: 'Morning ritual',
  description: 'Start your days with Kopi Senja: three Kopi Susu vouchers from the shop and 200 points earned at our tills.',
  status: 'active',
  startsAt: '2026-03-07T03:00:00.000Z',
  endsAt: '2026-04-06T03:00:00.000Z',
  currency: 'IDR',
  unit: 'POINT',
  tasks: [
    { id: '0c7d4f0e-55a1-4c1b-9b0e-3f7f6a2d8e11', kind: 'buy_product', title: 'Buy 3 Kopi Susu Gula Aren vouchers', description: 'In the shop of your Kopi Senja Rewards card.', target: 3, progress: 1, done: false, product: { id: '5eed0000-0000-4000-8000-000000000401', name: 'Kopi Susu Gula Aren voucher', type: 'evoucher' } },
    { id: '6a0e2b9d-1f43-4e8c-a7d5-92c1b0f4e322', kind: 'earn', title: 'Earn 200 points', description: 'Show your card at any Kopi Senja till.', target: 200, progress: 240, done: true, product: null },
  ],
  tasksDone: 1,
  reward: { kind: 'points', amount: 100, unit: 'POINT' },
  completedAt: null,
};
const integrationMission: IntegrationMission = {
  id: morningRitual.id,
  programId: rewardsProgram.id,
  name: morningRitual.name,
  description: morningRitual.description,
  startsAt: morningRitual.startsAt,
  endsAt: morningRitual.endsAt,
  reward: { kind: 'points', amount: 100 },
  tasks: [
    { id: '0c7d4f0e-55a1-4c1b-9b0e-3f7f6a2d8e11', kind: 'buy_product', title: 'Buy 3 Kopi Susu Gula Aren vouchers', description: 'In the shop of your Kopi Senja Rewards card.', target: 3, productId: '5eed0000-0000-4000-8000-000000000401' },
    { id: '6a0e2b9d-1f43-4e8c-a7d5-92c1b0f4e322', kind: 'earn', title: 'Earn 200 points', description: 'Show your card at any Kopi Senja till.', target: 200, productId: null },
  ],
  completions: 12,
  createdAt: '2026-03-06T08:00:00.000Z',
};
const tasteQuestions: SurveyQuestion[] = [
  { name: 'favouriteDrink', label: 'Your favourite drink', type: 'single', required: true, options: ['Kopi Susu Gula Aren', 'Es Kopi Senja', 'Americano', 'Cappuccino'] },
  { name: 'wishes', label: 'What else would you like from us?', type: 'multiple', required: false, options: ['Pastries', 'Brunch', 'Beans to take home', 'Brewing workshops'] },
  { name: 'lastVisit', label: 'When did you last visit an outlet?', type: 'date', required: true },
  { name: 'comments', label: 'Anything else to tell us', type: 'text', required: false },
];
const tastePerk: Privilege = {
  id: '5eed0000-0000-4000-8000-000000000132',
  cardId: pointsCard.id,
  kind: 'survey',
  title: 'Tell us how you take your coffee',
  description: 'Five questions about your favourite drinks help us plan the new menu. Approved answers earn 50 points.',
  terms: 'One answer per member. We review answers within 2 working days.',
  state: 'answered',
  lock: null,
  startsAt: '2026-03-10T03:00:00.000Z',
  endsAt: '2026-04-09T03:00:00.000Z',
  voucher: null,
  rewardPoints: 50,
  unit: 'POINT',
  questions: tasteQuestions,
  latestAnswer: { id: '9f3c2a1e-4b5d-4e6f-8a7b-1c2d3e4f5a6b', state: 'pending' },
};
const croissantPerk: Privilege = {
  ...tastePerk,
  id: '5eed0000-0000-4000-8000-000000000131',
  kind: 'voucher',
  title: 'A butter croissant on us',
  description: 'Claim a butter croissant voucher and enjoy it with your next coffee at any Kopi Senja outlet.',
  terms: 'One claim per member. The voucher is valid for 30 days after you claim it.',
  state: 'available',
  voucher: { templateId: '5eed0000-0000-4000-8000-000000000602', name: 'Butter croissant', quantity: 1 },
  rewardPoints: null,
  questions: [],
  latestAnswer: null,
};
const tasteAnswer: PrivilegeAnswer = {
  id: '9f3c2a1e-4b5d-4e6f-8a7b-1c2d3e4f5a6b',
  privilegeId: tastePerk.id,
  state: 'pending',
  answers: { favouriteDrink: 'Kopi Susu Gula Aren', wishes: ['Pastries', 'Brewing workshops'], lastVisit: '2026-03-12' },
  submittedAt: '2026-03-13T02:15:00.000Z',
  reviewedAt: null,
  note: null,
};
const integrationTastePerk = {
  id: tastePerk.id,
  programId: rewardsProgram.id,
  kind: 'survey',
  title: tastePerk.title,
  description: tastePerk.description,
  terms: tastePerk.terms,
  minLevelRank: null,
  subscribersOnly: false,
  active: true,
  startsAt: tastePerk.startsAt,
  endsAt: tastePerk.endsAt,
  voucher: null,
  rewardPoints: 50,
  questions: tasteQuestions,
  claims: 0,
  pendingAnswers: 4,
  createdAt: '2026-03-09T08:00:00.000Z',
} as const;
const integrationTasteAnswer = { ...tasteAnswer, cardNumber: pointsCard.number, memberName: 'Rani Saputra' };
const referralItem = { ...referralOffer, cardId: pointsCard.id };
const integrationReferralProgram = {
  id: referralOffer.id,
  programId: rewardsProgram.id,
  referrerReward: 100,
  friendReward: 50,
  rewardOn: 'purchased',
  dailyRewardCap: 10,
  status: 'active',
  startsAt: '2026-03-01T00:00:00.000Z',
  endsAt: '2026-06-30T16:59:59.000Z',
  createdAt: '2026-02-27T08:00:00.000Z',
} as const;
const referralOverview = {
  ...referralOffer,
  cardId: pointsCard.id,
  code: 'RANI2026',
  link: 'https://kopisenja.example/?ref=RANI2026',
  summary: { pending: 1, registered: 1, purchased: 1, commission: 100 },
  invitesLeftToday: 19,
};
const pendingFriend = {
  id: '0b8c6f2e-4d1a-4e7b-9c3f-5a2d8e1b7c64',
  friendPhone: '+62 812-****-1003',
  state: 'pending',
  unavailableReason: null,
  commission: 0,
  commissionPending: false,
  invitedAt: '2026-03-12T02:10:00.000Z',
  registeredAt: null,
  purchasedAt: null,
} as const;
const purchasedFriend = {
  id: '7e1d3a5b-9c2f-4b68-8a0e-3f6c1d9b2e57',
  friendPhone: '+62 812-****-1002',
  state: 'purchased',
  unavailableReason: null,
  commission: 100,
  commissionPending: false,
  invitedAt: '2026-02-11T04:00:00.000Z',
  registeredAt: '2026-02-12T06:30:00.000Z',
  purchasedAt: '2026-02-15T11:45:00.000Z',
} as const;
const referralInvite = { ...referralOffer, code: 'RANI2026', referrerName: 'Rani S.' };
const referralJoin = { referralId: referralOffer.id, programName: rewardsProgram.name, cardId: friendCard.id, friendReward: 50, unit: 'POINT', referrerName: 'Rani S.' } as const;
const memberPhoto = image('b3f1c7a2-5d8e-4f6a-9c21-7e4d2a9b8c10', [
  [96, 96],
  [192, 192],
]);

// The member and her points card.
const sessionUser: SessionUser = { id: memberId, maskedId: 'ZajFH6BMHrtb', merchantId, email: 'rani.saputra@example.com', phone: memberPhone, name: memberName, country: 'ID' };
const profile: Profile = {
  name: memberName,
  email: 'rani.saputra@example.com',
  birthday: '1994-08-17',
  gender: 'female',
  phone: memberPhone,
  countryCode: '62',
  photo: memberPhoto,
  emailEditable: true,
};
const phoneIdentifier = { identifierType: 'phone', identifierValue: memberNationalPhone, countryCode: '62' } as const;

const silver: Level = { name: 'Silver', color: '#A7A9AC', isActive: true, experience: 500, retentionExperience: 0 };
const gold: Level = { name: 'Gold', color: '#D4AF37', isActive: false, experience: 2_000, retentionExperience: 0 };
/** Before today's purchase she had 1,159 points; it earned 81 (1 point per Rp1.000). */
const pointsBalance = { amount: 1_240, unit: 'POINT' } as const;

const pointsCardItem: CardListItem = {
  id: pointsCard.id,
  walletId: pointsCard.id,
  type: 'loyalty',
  no: pointsCard.number,
  status: 'active',
  isCardActive: true,
  programId: rewardsProgram.id,
  programName: rewardsProgram.name,
  programType: 'points',
  iconUrl,
  cardArt,
  balance: pointsBalance,
  level: { name: silver.name, color: silver.color },
  hidden: false,
  archived: false,
};

const clubSubscriptionState = { isExpired: false, status: 'active', endsAt: '2026-04-14T03:40:00.000Z' } as const;

// Her card's history.
const purchaseEntryId = '1722534f-d3d2-42a1-9c15-981c06ebe2c5';
const transferEntryId = '31e553a3-07f2-426e-8d46-70f8ff048dd0';
const billNumber = 'KS-20260314-0042';
const purchaseTransaction: Transaction = {
  id: purchaseEntryId,
  kind: 'earn',
  facts: { kind: 'purchase', billNumber },
  amount: 81,
  unit: 'POINT',
  reference: billNumber,
  occurredAt: purchasedAt,
  counterparty: null,
};
const transferTransaction: Transaction = {
  id: transferEntryId,
  kind: 'transfer-out',
  facts: { kind: 'transfer_sent' },
  amount: -50,
  unit: 'POINT',
  reference: null,
  occurredAt: transferredAt,
  counterparty: { cardNo: '•••• 5278', name: 'Budi' },
};
const levelUpReward: Reward = {
  id: '31a994dd-620a-4ec5-8962-b6b135140440',
  kind: 'level-up',
  title: 'Silver level bonus',
  amount: 100,
  unit: 'POINT',
  withVoucher: false,
  status: 'claimable',
  grantedAt: '2026-03-10T09:12:00.000Z',
  claimedAt: null,
};
const welcomeReward: Reward = {
  id: '8af66f37-6951-4002-bf0e-2bd0763db79b',
  kind: 'welcome',
  title: 'Welcome bonus',
  amount: 50,
  unit: 'POINT',
  withVoucher: false,
  status: 'claimed',
  grantedAt: '2025-12-14T08:30:00.000Z',
  claimedAt: '2025-12-14T08:31:00.000Z',
};

// The shop.
const coffeeCategory: CatalogCategory = { id: 'a5ac056c-30b2-4abc-ae5a-8a3d801f0630', name: 'Coffee', isExclusive: false, productCount: 6 };
const merchandiseCategory: CatalogCategory = { id: 'aa791242-dce1-411c-a920-c359e81b0605', name: 'Merchandise', isExclusive: false, productCount: 6 };
const coffee = { id: coffeeCategory.id, name: coffeeCategory.name, isExclusive: coffeeCategory.isExclusive };

const torajaBeans: ProductSummary = {
  id: '9aaa3fc7-6d28-46e5-b306-9925763d6099',
  type: 'physical',
  name: 'Toraja Sapan beans 250 g',
  category: coffee,
  image: torajaImage,
  price: { points: 1_000, money: 25_000, currency: 'IDR' },
  stock: { status: 'in_stock', count: 8 },
  maxPerOrder: 5,
  weightGrams: 250,
  isPreciousMetal: false,
  customValue: null,
};
const dripBags: ProductSummary = {
  id: '7f852304-e258-4bc2-93dd-ded43eda832e',
  type: 'physical',
  name: 'Drip bag sampler, 10 bags',
  category: coffee,
  image: dripImage,
  price: { points: null, money: 85_000, currency: 'IDR' },
  stock: { status: 'in_stock', count: 60 },
  maxPerOrder: 10,
  weightGrams: 140,
  isPreciousMetal: false,
  customValue: null,
};
const torajaDescription = 'Semi-washed arabica from Sapan, Tana Toraja. Heavy body, notes of brown sugar and ripe plum.';
const torajaDetail: ProductDetail = {
  ...torajaBeans,
  description: torajaDescription,
  terms: null,
  photo: image('5cd20c22-cbd8-4940-8078-b9452b4cab23', [
    [480, 480],
    [960, 960],
  ]),
};
const integrationToraja: IntegrationProduct = {
  id: torajaBeans.id,
  sku: 'KS-BEAN-TORAJA',
  name: torajaBeans.name,
  category: coffee,
  type: 'physical',
  pricePoints: 1_000,
  priceMoney: 25_000,
  currency: 'IDR',
  stock: 8,
  maxPerOrder: 5,
  weightGrams: 250,
  isPreciousMetal: false,
  customValueMax: null,
  isDonation: false,
  description: torajaDescription,
  terms: null,
  active: true,
  hasImage: true,
};
const integrationDripBags: IntegrationProduct = {
  ...integrationToraja,
  id: dripBags.id,
  sku: 'KS-DRIP-10',
  name: dripBags.name,
  pricePoints: null,
  priceMoney: 85_000,
  stock: 60,
  maxPerOrder: 10,
  weightGrams: 140,
  description: 'Ten single-cup drip bags from our three house origins. Hang on a cup, pour 150 ml of hot water, wait three minutes.',
};
const cartItems = [
  { productId: torajaBeans.id, quantity: 1 },
  { productId: dripBags.id, quantity: 1 },
];

// Where it goes.
const village = { code: '31.74.07.1001', name: 'Melawai' };
const homeAddress: Address = {
  id: '45be1062-1819-4b35-8f9c-047f5b2081ed',
  type: 'home',
  recipientName: memberName,
  recipientPhone: memberPhone,
  countryCode: 'ID',
  province: { code: '31', name: 'DKI Jakarta' },
  regency: { code: '31.74', name: 'Kota Administrasi Jakarta Selatan' },
  district: { code: '31.74.07', name: 'Kebayoran Baru' },
  village,
  fullAddress: 'Jl. Melawai Raya No. 18, RT 001/RW 001',
  zip: '12160',
  note: 'Green gate next to the pharmacy',
  latitude: -6.2443,
  longitude: 106.7997,
  isPrimary: true,
  createdAt: '2026-01-20T06:45:00.000Z',
  updatedAt: '2026-01-20T06:45:00.000Z',
};
const officeAddress: Address = {
  ...homeAddress,
  id: '1a368b9e-142f-4b97-b9a3-30d2b94d7e01',
  type: 'office',
  village: { code: '31.74.07.1006', name: 'Senayan' },
  fullAddress: 'Jl. Asia Afrika No. 19, Lantai 12',
  zip: '12190',
  note: 'Leave it at the lobby reception',
  latitude: null,
  longitude: null,
  isPrimary: false,
  createdAt: '2026-02-02T02:10:00.000Z',
  updatedAt: '2026-02-02T02:10:00.000Z',
};
const senayanOutlet: Distributor = {
  id: '45ac62f8-128a-44e1-b198-bfda74bcf83c',
  name: 'Kopi Senja Senayan',
  address: 'Jl. Asia Afrika No. 8, Gelora, Tanah Abang, Jakarta Pusat 10270',
  phone: '+6281234500077',
  openingHours: 'Every day 07:00–22:00',
  latitude: -6.2183,
  longitude: 106.8022,
};
const kemangOutlet: Distributor = {
  id: '79542327-c2ff-405f-b16c-d1c9406a5af0',
  name: 'Kopi Senja Kemang',
  address: 'Jl. Kemang Raya No. 21, Bangka, Mampang Prapatan, Jakarta Selatan 12730',
  phone: '+6281234500078',
  openingHours: 'Mon–Fri 08:00–21:00, Sat–Sun 09:00–23:00',
  latitude: -6.2608,
  longitude: 106.8142,
};
/** The till and counter outlet: the place vouchers and gift cards are used. */
const senayanTill = { id: '604dee46-4c12-4b57-aefc-bcbdb982974d', name: 'Kopi Senja Senayan' };

// Paying: the order by manual transfer into the merchant's account, the Club by virtual account.
const kopiSenjaBankAccount = { bank: 'BCA', accountNumber: '8730456789', accountName: 'PT Kopi Senja Nusantara' };
const orderId = '16452cd3-cc7d-401e-9ad8-e97f5d522ffb';
const orderPaymentId = '1f4937db-abdc-4f37-b1bd-97adde469a61';
const proofUploadedAt = '2026-03-14T03:31:00.000Z';
const orderPayment: PaymentAnswer = {
  id: orderPaymentId,
  status: 'waiting_payment',
  subject: { type: 'order', id: orderId },
  amount: 111_000,
  currency: 'IDR',
  method: 'manual_transfer',
  provider: 'manual',
  instructions: { kind: 'manual_transfer', ...kopiSenjaBankAccount },
  failureReason: null,
  expiresAt: '2026-03-15T03:20:00.000Z',
  createdAt: orderedAt,
  updatedAt: proofUploadedAt,
  proof: { status: 'submitted', uploadedAt: proofUploadedAt, note: null },
};
const integrationOrderPayment: IntegrationPaymentAnswer = {
  id: orderPayment.id,
  status: orderPayment.status,
  amount: orderPayment.amount,
  currency: orderPayment.currency,
  method: orderPayment.method,
  subject: orderPayment.subject,
  expiresAt: orderPayment.expiresAt,
  proof: { status: 'submitted', uploadedAt: proofUploadedAt, note: null, id: 'b9b31327-8874-49c1-89db-dc64548ac728', reviewedAt: null },
};
const savedCard: SavedCard = { brand: 'VISA', last4: '1114', expiryMonth: 12, expiryYear: 2028, nameOnCard: 'RANI SAPUTRA' };
const cardToken: CardTokenInput = { ...savedCard, token: '67d3a1f09c2b4e0012ab34cd' };

// The order: a bag of Toraja beans (half in points) and a drip bag sampler, 200 points off with her online voucher.
const orderLines: Order['lines'] = [
  { productId: torajaBeans.id, sku: 'KS-BEAN-TORAJA', type: 'physical', name: torajaBeans.name, image: torajaImage, quantity: 1, unitPoints: 1_000, unitMoney: 25_000, points: 1_000, money: 25_000 },
  { productId: dripBags.id, sku: 'KS-DRIP-10', type: 'physical', name: dripBags.name, image: dripImage, quantity: 1, unitPoints: null, unitMoney: 85_000, points: 0, money: 85_000 },
];
const onlineTreat = { voucherId: '707eb575-37c8-4801-b1c8-c1ffdb2ae79f', name: 'Online order treat' };
const orderDiscount = { code: onlineTreat.name, points: 200, money: 0 };
const orderFees = [{ type: 'application', amount: 1_000 }] as const;
const orderNote = 'Please ring the bell twice';
const order: Order = {
  id: orderId,
  number: '260314-K7PX3Q',
  cardId: pointsCard.id,
  status: 'waiting_payment',
  statusColour: 'pending',
  lines: orderLines,
  delivery: {
    method: 'courier',
    destination: {
      recipientName: memberName,
      recipientPhone: memberPhone,
      fullAddress: 'Jl. Melawai Raya No. 18, RT 001/RW 001, Melawai, Kebayoran Baru, Kota Administrasi Jakarta Selatan, DKI Jakarta 12160',
      note: homeAddress.note,
    },
    distributor: null,
    courier: null,
    trackingNumber: null,
  },
  subtotal: { points: 1_000, money: 110_000 },
  discount: orderDiscount,
  fees: [...orderFees],
  total: { points: 800, money: 111_000 },
  paid: { points: 800, money: 111_000 },
  currency: 'IDR',
  payment: orderPayment,
  note: orderNote,
  history: [{ status: 'waiting_payment', at: orderedAt, note: null }],
  vouchers: [],
  createdAt: orderedAt,
  updatedAt: proofUploadedAt,
};
const { payment: _payment, statusColour: _statusColour, ...orderForMerchant } = order;
/** The same order once the merchant accepted the transfer and handed the parcel to the courier. */
const integrationOrder: IntegrationOrder = {
  ...orderForMerchant,
  status: 'on_courier',
  delivery: { ...order.delivery, courier: 'JNE REG', trackingNumber: 'JX3104928817' },
  history: [
    { status: 'waiting_payment', at: orderedAt, note: null },
    { status: 'new', at: '2026-03-14T04:05:00.000Z', note: 'Transfer received' },
    { status: 'on_courier', at: '2026-03-14T08:30:00.000Z', note: 'Picked up by the courier' },
  ],
  updatedAt: '2026-03-14T08:30:00.000Z',
  member: { id: memberId, cardNumber: pointsCard.number },
  paymentStatus: 'paid',
};

// The Club: a monthly plan, paid by virtual account.
const monthlyPlan: SubscriptionPlan = {
  id: 'd5c0a364-20ea-4f7e-9184-9458ad27e521',
  name: 'Monthly',
  description: 'A free Kopi Susu Senja every week, 10% off every order, and early access to new drinks.',
  durationMonths: 1,
  price: 49_000,
  currency: 'IDR',
  autoRenewDefault: false,
};
const yearlyPlan: SubscriptionPlan = {
  id: '5778793a-c133-4174-8abe-7e292901ff4d',
  name: 'Yearly',
  description: 'Everything in Monthly for twelve months, two months free, and a Kopi Senja tumbler.',
  durationMonths: 12,
  price: 490_000,
  currency: 'IDR',
  autoRenewDefault: true,
};
/** Admin fee, and 11% tax on the price. */
const clubFees = [
  { type: 'admin', amount: 2_500 },
  { type: 'tax', amount: 5_390 },
] as const;
const clubPaymentId = '20afec34-c9b2-46a1-8d6d-2efc252f9a2e';
const activeSubscription: Subscription = {
  ...clubSubscriptionState,
  id: 'f521657d-e0c7-47b8-be21-a85512822ce4',
  plan: { id: monthlyPlan.id, name: monthlyPlan.name, durationMonths: monthlyPlan.durationMonths },
  autoRenew: false,
  isRenewable: false,
  nextBillingDate: null,
  lastBillingDate: subscribedAt,
  graceUntil: null,
  card: null,
  openPayment: null,
};
/** Her first month ran out on 9 March; the renewal waits for her transfer to the virtual account. */
const renewingSubscription: Subscription = {
  ...activeSubscription,
  isExpired: true,
  status: 'expired',
  endsAt: '2026-03-09T06:20:00.000Z',
  isRenewable: true,
  lastBillingDate: '2026-02-09T06:20:00.000Z',
  openPayment: { id: clubPaymentId, status: 'waiting_payment' },
};
const clubPayment: PaymentAnswer = {
  id: clubPaymentId,
  status: 'waiting_payment',
  subject: { type: 'subscription', id: 'c6115ce2-e342-4a50-b93c-e34f9022b0cc' },
  amount: 56_890,
  currency: 'IDR',
  method: 'virtual_account',
  provider: 'xendit',
  instructions: { kind: 'virtual_account', bank: 'BCA', accountNumber: '3816581234567890' },
  failureReason: null,
  expiresAt: '2026-03-15T03:25:00.000Z',
  createdAt: '2026-03-14T03:25:00.000Z',
  updatedAt: '2026-03-14T03:25:00.000Z',
  proof: null,
};

// Vouchers: two Kopi Susu vouchers at the counter, one of them sent to Budi.
const kopiSusuTemplate = {
  id: '0a9f4c7f-81ca-4668-a493-e82c511337f1',
  name: 'Kopi Susu Gula Aren',
  valueText: '1 Kopi Susu Gula Aren, any size',
  image: kopiSusuImage,
  usableAt: 'in_store',
} as const;
const kopiSusuCode = '5HNE9B2XXF62U';
const kopiSusuVoucher: Voucher = {
  id: '347dd6a7-0ea3-4797-8863-37972d78bfb4',
  template: kopiSusuTemplate,
  description: 'Our iced milk coffee with palm sugar, at any Kopi Senja outlet.',
  terms: 'Show the code at the counter. One voucher per drink. Not valid with other promotions.',
  status: 'active',
  code: kopiSusuCode,
  codeKept: 'server',
  externalCode: null,
  cardId: pointsCard.id,
  isHidden: false,
  issuedAt: '2026-03-11T04:00:00.000Z',
  expiresAt: '2026-04-10T04:00:00.000Z',
  usedAt: null,
  usedPlace: null,
  gift: null,
  giftCard: null,
};
const giftedVoucherId = '62fd61dc-0f06-43c7-89e6-543248607753';
const giftMessage = 'Selamat ulang tahun, Budi! Kopi dariku ya.';
const voucherGift: VoucherGift = {
  id: '6e8705e9-e426-4556-b361-2489907b11de',
  status: 'pending',
  linkPath: '/gifts/hPbYOaF4lWXVqElqOPR93dBlTewTRfGZ',
  recipientPhone: friendMaskedPhone,
  message: giftMessage,
  createdAt: '2026-03-14T04:00:00.000Z',
  expiresAt: '2026-03-21T04:00:00.000Z',
  claimedAt: null,
  cancelledAt: null,
  returnedAt: null,
};
const pendingPartnerVoucher: IntegrationPendingVoucher = {
  id: 'f1c35cd0-17c2-434c-a85a-91c129a9b1f6',
  template: { id: '81c12a17-43eb-4446-aa8c-70416249abfa', name: 'Cinema ticket' },
  status: 'pending',
  externalCode: null,
  issuedAt: '2026-03-14T05:00:00.000Z',
  answerBy: '2026-03-14T05:30:00.000Z',
};

// Her gift card: Rp100.000, of which Rp35.000 went on coffee at Senayan.
const giftCardPayCode = 'M6HHWHUME8ZDK';
const counterCharge: GiftCardCharge = {
  id: 'c4c7bccf-e000-491e-9027-d8f6084f7fa7',
  amount: 35_000,
  outlet: senayanTill,
  cashier: null,
  channel: 'counter',
  reference: null,
  chargedAt: '2026-03-13T07:45:00.000Z',
  voidedAt: null,
};

// Her inbox: the merchant's weekend promo, unread; the points today's purchase earned, read; her order on its way.
const weekendPromo = {
  title: 'Weekend promo: double points',
  text: 'Double points on every Kopi Susu this Saturday and Sunday, in all outlets and in the app.',
  link: `/cards/${pointsCard.id}/catalogs`,
} as const;
const weekendPromoMessage: InboxMessage = {
  id: '3b0f4d0e-4c43-4b8e-9a37-1c2e6f1d9a51',
  facts: { kind: 'merchant', title: weekendPromo.title, text: weekendPromo.text },
  link: weekendPromo.link,
  cardId: null,
  createdAt: '2026-03-13T01:00:00.000Z',
  readAt: null,
};
const pointsEarnedMessage: InboxMessage = {
  id: 'a8d4f2c1-6b1e-4f0a-8d55-2f9c7e3b1a24',
  facts: { kind: 'points_earned', points: 81, unit: 'POINT', balance: pointsBalance.amount, programName: rewardsProgram.name },
  link: `/cards/${pointsCard.id}`,
  cardId: pointsCard.id,
  createdAt: purchasedAt,
  readAt: now,
};
const orderOnItsWay: InboxMessage = {
  id: 'd2e9b7a4-0f3c-4c6d-9b8e-5a1f2c3d4e65',
  facts: { kind: 'order_status', orderNumber: order.number, status: 'on_courier' },
  link: `/cards/${pointsCard.id}/orders/${orderId}`,
  cardId: pointsCard.id,
  createdAt: '2026-03-14T07:30:00.000Z',
  readAt: null,
};

// Her phone's browser, subscribed for pushes; she keeps her points from pushing, the rest on.
const vapidPublicKey = 'BBgpdeiIhHirVRfv9bqssgTVNgdMwveq0xqx0ywSow7tU8orCj7miuyvSsUusixkw42m9p7qnbLyAUMYDgrbiwg';
const ranisBrowser = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/eX7rW2cQ1bA:APA91bHk3Jm8pQy0sVtZx4Lw',
  expirationTime: null,
  keys: { p256dh: 'BHJ5Lwos8D7Bdvu81sfBRFRbtpvMIRsu4mgNLQ-QpSLdeWcz_y4jMObBGoZxvcnFFMDED15qbpmwwCBPyxRxXjU', auth: 'UYryuC-Mh-Yi3Zl5trACbg' },
};
const pushSettingKindsOfRani: contracts.PushSetting[] = [
  { kind: 'merchant', enabled: true },
  { kind: 'points_earned', enabled: false },
  { kind: 'transfer_received', enabled: true },
  { kind: 'order_status', enabled: true },
  { kind: 'payment_settled', enabled: true },
  { kind: 'reward_granted', enabled: true },
  { kind: 'level_reached', enabled: true },
  { kind: 'points_expiring', enabled: true },
  { kind: 'voucher_expiring', enabled: true },
];

// The merchant as any visitor sees it.
const publicMerchant: PublicMerchant = {
  id: merchantId,
  mid: 'KOPISENJA',
  maskedMerchantId: 'mks7Qp2ZsV9c',
  appId: null,
  brand,
  iconUrl: merchantIcon.src,
  imgixIconUrl: null,
  bannerUrl: merchantBanner.src,
  banner: merchantBanner,
  icon: merchantIcon,
  headerColor: '#4B2E1E',
  buttonColor: '#F96D01',
  buttonTextColor: '#FFFFFF',
  countryCode: 'ID',
  phoneRegion: { code: 'ID', dialCode: '62' },
  currency,
  timezone: 'Asia/Jakarta',
  defaultLogin: 'phone',
  acceptsBothLogins: false,
  support: { phone: '+6281234500077', email: 'halo@kopisenja.example' },
  notificationVendor: null,
  uiVersion: 'v1',
  homePage: { headerButtonColor: '#F96D01', headerButtonTextColor: '#FFFFFF', addCardButton: true, defaultLanguage: 'id' },
  analytics: { gaId: null, fbPixelId: null },
  flags: { ageGate: false, activationCodeWhitelist: false, hidePoweredBy: false, exclusiveCategories: [], highlightedMenus: ['transferPoint'] },
};

/**
 * An example of each request body and of the main answers, as the API document shows them. Each is
 * typed by its contract and parsed by it in openapi-examples.test.ts: an example that drifts from its
 * contract fails to compile or fails that test.
 */
/** A code sign-in that waits for the PIN. */
const codeSignIn = { user: sessionUser, isNewUser: false, loginType: 'otp', accessToken: 'dDnqQnyUAaTF9M7-rJF12D_M4bEqL099YOQ5i_G6cDg', expiresIn: 600, pinRequired: true } as const;


// Scanning: a till's earn code, a batch of bottle-cap codes, the Senayan City receipt campaign, and a QRIS paid at a warung.
const earnCode: EarnCode = {
  id: '0c6f8f4e-2b1d-4c8a-9e53-5a7d2f1b9c01',
  programId: rewardsProgram.id,
  billNumber: 'SNY-0415',
  amount: 87_500,
  qrText: 'KE1.DG-PTisdTIqeU1p9LxucAQ.V1x4mJ2c0QkF7sXz3nYb9w',
  status: 'claimed',
  expiresAt: '2026-03-14T07:35:00.000Z',
  claimedAt: '2026-03-14T07:31:12.000Z',
  earned: 87,
};
const bottleCaps: UniqueCodeBatch = {
  id: '5eed0000-0000-4000-8000-000000000141',
  programId: rewardsProgram.id,
  name: 'Cold brew bottle caps',
  points: 25,
  count: 5_000,
  claimed: 312,
  startsAt: '2026-03-01T00:00:00.000Z',
  endsAt: '2026-06-30T16:59:59.000Z',
  rewardDelayHours: 0,
  status: 'active',
  createdAt: '2026-02-20T03:00:00.000Z',
};
const bottleCapClaim: UniqueCodeClaim = {
  id: '7b2e4c1a-9d3f-4e8b-a6c5-1f0e9d8c7b6a',
  cardId: pointsCard.id,
  programName: rewardsProgram.name,
  unit: 'POINT',
  points: 25,
  status: 'success',
  rewardAt: '2026-03-14T07:40:00.000Z',
  claimedAt: '2026-03-14T07:40:00.000Z',
};
const mallReceipt: Receipt = {
  id: '3d9a7c5e-1b2f-4a6d-8e0c-9f7b5a3d1c2e',
  cardId: pointsCard.id,
  status: 'approved',
  campaign: { code: 'SENAYAN-CITY', name: 'Senayan City receipts' },
  submittedAt: '2026-03-13T11:20:00.000Z',
  reviewedAt: '2026-03-14T02:15:00.000Z',
  earned: 120,
  unit: 'POINT',
  note: null,
};
const integrationMallReceipt: IntegrationReceipt = {
  id: mallReceipt.id,
  status: 'submitted',
  programId: rewardsProgram.id,
  cardNumber: pointsCard.number,
  campaignCode: 'SENAYAN-CITY',
  contentType: 'image/webp',
  byteLength: 184_220,
  submittedAt: mallReceipt.submittedAt,
  reviewedAt: null,
  amount: null,
  billNumber: null,
  earned: null,
  note: null,
};
const mallCampaign = {
  id: '5eed0000-0000-4000-8000-000000000151',
  programId: rewardsProgram.id,
  code: 'SENAYAN-CITY',
  name: 'Senayan City receipts',
  description: 'Shopped anywhere in Senayan City? Send us the receipt: 1 point for every Rp 1.000.',
  startsAt: '2026-03-01T00:00:00.000Z',
  endsAt: '2026-05-31T16:59:59.000Z',
  receipts: 48,
};
/** A static QRIS: the member types the amount. */
const warungQris = '00020101021126400014ID.CO.QRIS.WWW01189360089900000000015204581253033605802ID5914WARUNG BU SARI6007BANDUNG6304B2BB';
const warungPayment: QrisPayment = {
  id: '8e1d3b5f-7a9c-4e2d-b6f8-0c1a3e5d7f9b',
  cardId: pointsCard.id,
  merchantName: 'WARUNG BU SARI',
  merchantCity: 'BANDUNG',
  amount: 25_000,
  currency: 'IDR',
  source: 'wallet',
  status: 'pending',
  spent: null,
  payment: null,
  createdAt: '2026-03-14T08:00:00.000Z',
  expiresAt: '2026-03-14T08:30:00.000Z',
  paidAt: null,
};

// Bills: Rani buys Telkomsel credit with her points, at Rp 100 a point.
const creditQuote: BillQuote = {
  checkId: '2f6b8d0a-4c1e-4a7f-9b3d-5e8c0a2f4b6d',
  sku: 'telkomsel-credit-25',
  productName: 'Telkomsel Rp 25.000',
  customerNo: '081234567890',
  customerName: null,
  period: null,
  details: {},
  amount: 26_500,
  adminFee: 0,
  cost: { points: 265, balance: null, unit: 'POINT' },
  expiresAt: '2026-03-14T08:15:00.000Z',
};
const creditPayment: BillPayment = {
  id: '6a1c3e5f-8b2d-4f7a-9c0e-1d3b5f7a9c2e',
  cardId: pointsCard.id,
  sku: creditQuote.sku,
  category: 'mobile_credit',
  productName: creditQuote.productName,
  customerNo: creditQuote.customerNo,
  customerName: null,
  period: null,
  amount: 26_500,
  adminFee: 0,
  source: 'points',
  spent: 265,
  unit: 'POINT',
  status: 'success',
  serialNumber: '88012345678901234567',
  message: 'Transaksi Sukses',
  createdAt: '2026-03-14T08:01:00.000Z',
  settledAt: '2026-03-14T08:01:02.000Z',
};
const { cardId: _creditCard, ...creditPaymentView } = creditPayment;
const integrationCreditPayment = { ...creditPaymentView, cardNumber: pointsCard.number, provider: 'digiflazz', providerCode: '00' };

export const contractExamples: ContractExamples = {
  errorBodySchema: {
    statusCode: 400,
    code: 'VALIDATION_FAILED',
    message: 'The request has invalid fields',
    details: [{ field: 'body.amount', rule: 'too_small', message: 'Too small: expected number to be >0' }],
  },

  // Signing in.
  checkCredentialBodySchema: { ...phoneIdentifier, type: 'login', senderType: 'WHATSAPP' },
  checkCredentialAnswerSchema: { expireIn: 120, requestRemaining: 2 },
  verifyOtpBodySchema: { ...phoneIdentifier, type: 'login', otp: '482913' },
  signInAnswerSchema: codeSignIn,
  verifyOtpAnswerSchema: codeSignIn,
  identifierSchema: phoneIdentifier,
  pinInfoAnswerSchema: { needSetPin: false, needSetPhone: false, isNewDevice: false },
  userIdInfoBodySchema: { userId: sessionUser.maskedId },
  userIdInfoAnswerSchema: {
    info: { userId: sessionUser.maskedId, hasPin: false, pinRequired: true, maskedPhone: '+62 812-****-6789', maskedEmail: 'r****@example.com', memberSince: now },
  },
  loginByPinBodySchema: { ...phoneIdentifier, pin },
  lockedBodySchema: { phone: memberNationalPhone, countryCode: '62' },
  lockedAnswerSchema: { userLocked: false },
  lockStateSchema: { isLocked: true, lockedUntil: '2026-03-14T04:15:00.000Z', currentTime: now },
  requestResetPinBodySchema: { ...phoneIdentifier, senderType: 'SMS' },
  verifyPinOtpBodySchema: { ...phoneIdentifier, otp: '730284' },
  createPinBodySchema: { pin },
  changePinBodySchema: { pin, newPin: '864209' },
  resetPinBodySchema: { pin: '864209' },
  sessionAnswerSchema: { user: sessionUser, loginType: 'pin', pinRequired: false, needSetPhone: false },
  ssoBodySchema: {
    token:
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6ImtvcGlzZW5qYS0yMDI2In0.eyJpc3MiOiJrb3Bpc2VuamEiLCJzdWIiOiJjcm0tMDAwODEyIiwicGhvbmUiOiIrNjI4MTIzNDU2Nzg5MCIsIm5hbWUiOiJSYW5pIFNhcHV0cmEiLCJpYXQiOjE3NzM0NTcwODAsImV4cCI6MTc3MzQ1NzIwMCwianRpIjoiYjdmM2MyZTEtbG9naW4tMDMxNCJ9.BwYYVD43tzh6dPPGqLYzPgk0dV-U5C_ZB_vztQ-0QOQ',
  },
  accountDeletionBodySchema: { pin },
  accountDeletionAnswerSchema: { requestedAt: now },
  genderSchema: 'female',
  profileSchema: profile,
  profileAnswerSchema: { data: profile },
  profileBodySchema: { name: memberName, email: 'rani.saputra@example.com', birthday: '1994-08-17', gender: 'female' },

  // Cards.
  cardListAnswerSchema: {
    data: [
      pointsCardItem,
      {
        ...pointsCardItem,
        id: clubCard.id,
        walletId: clubCard.id,
        no: clubCard.number,
        programId: clubProgram.id,
        programName: clubProgram.name,
        programType: 'subscription',
        cardArt: null,
        balance: { amount: 4, unit: 'POINT' },
        level: null,
      },
    ],
    page: 1,
    count: 2,
  },
  checkCardNumberBodySchema: { number: pointsCard.number },
  cardPreviewSchema: { number: pointsCard.number, brand, programName: rewardsProgram.name, iconUrl, cardArt, requiresActivationCode: true },
  checkCardPinBodySchema: { number: pointsCard.number, activationCode },
  checkCardPinAnswerSchema: { valid: true },
  registerCardBodySchema: { number: pointsCard.number, activationCode },
  registerCardAnswerSchema: { cardId: pointsCard.id },
  cardRegistrationBodySchema: { answers: { name: memberName, birthday: '1994-08-17', email: 'rani.saputra@example.com' } },
  cardDetailSchema: {
    id: pointsCard.id,
    no: pointsCard.number,
    isCardActive: true,
    status: 'active',
    validTill: null,
    programType: 'points',
    subscription: null,
    cardProgram: { iconUrl, cardArt, programId: rewardsProgram.id, programName: rewardsProgram.name },
    merchant: { brand, id: merchantId, countryCode: 'ID' },
    customer: { id: memberId },
    customerData: { email: sessionUser.email, phone: memberPhone, name: memberName },
    visualAttributes: { showBtnShop: true, showTransferPoint: true, showClaimRewards: true, showLevels: true, showTransactionHistory: true },
    menus: ['transaction-history', 'transfer-point', 'claim-rewards', 'levels'],
    currency,
    isBalanceStamps: false,
    isFixedAddress: false,
    fixedAddressDetail: null,
    balance: { ...pointsBalance, expiring: [{ amount: 56, expiresAt: '2026-03-28T09:10:00.000Z' }] },
    levels: [
      { name: 'Bronze', color: '#B87333', isActive: true, experience: 0, retentionExperience: 0 },
      silver,
      gold,
    ],
    levelProgress: { lifetimeExperience: 1_400, earnedInRetentionPeriod: 1_400, retentionPeriodDays: 365, current: silver, next: gold, progress: 0.6 },
    registration: {
      required: true,
      completed: true,
      form: [
        { name: 'name', label: 'Name', type: 'text', required: true },
        { name: 'birthday', label: 'Birthday', type: 'date', required: true },
      ],
    },
    hidden: false,
    archived: false,
    claimableRewards: 1,
  },
  cardSubscriptionSchema: clubSubscriptionState,
  transactionListAnswerSchema: {
    data: [purchaseTransaction, transferTransaction],
    nextCursor: 'MjAyNi0wMy0xMlQxMTowNTowMC4wMDBafDMxZTU1M2EzLTA3ZjItNDI2ZS04ZDQ2LTcwZjhmZjA0OGRkMA',
  },
  transactionDetailSchema: { ...purchaseTransaction, status: 'accepted', reversedAt: null },
  transactionFactsSchema: { kind: 'reward', reward: levelUpReward.kind, title: levelUpReward.title },
  reversedTransactionFactsSchema: { kind: 'gift_card_charge', outletName: senayanTill.name },
  transferRecipientBodySchema: { phone: friendNationalPhone, countryCode: '62' },
  transferPreviewSchema: { recipient: { name: 'Budi S.', phone: friendMaskedPhone } },
  transferBodySchema: { phone: friendNationalPhone, countryCode: '62', amount: 50, pin },
  transferAnswerSchema: { transactionId: transferEntryId, balance: { amount: 1_159, unit: 'POINT' } },
  rewardListAnswerSchema: { data: [levelUpReward, welcomeReward] },
  claimRewardBodySchema: { rewardId: levelUpReward.id },
  claimRewardAnswerSchema: { reward: { ...levelUpReward, status: 'claimed', claimedAt: now }, balance: { amount: 1_340, unit: 'POINT' } },

  // Payments.
  paymentAnswerSchema: orderPayment,
  paymentPageAnswerSchema: { path: `/cards/${pointsCard.id}/orders/${orderId}` },
  paymentWebhookAnswerSchema: { outcome: 'applied' },
  paymentCheckBodySchema: { cardId: pointsCard.id },
  paymentCheckAnswerSchema: { isValid: true, listPayment: ['virtual_account', 'qris', 'manual_transfer'], publicKey: null, provider: 'xendit', tokenizationUrl: null },
  paymentProofReviewBodySchema: { decision: 'accept', note: 'Transfer of Rp111.000 received in our BCA account' },
  integrationPaymentAnswerSchema: integrationOrderPayment,
  integrationPaymentListSchema: { data: [integrationOrderPayment] },

  // The Club.
  subscriptionPageSchema: { program: clubProgram, plans: [monthlyPlan, yearlyPlan], subscription: activeSubscription },
  subscriptionSettingsBodySchema: { autoRenew: true, card: cardToken },
  subscriptionAnswerSchema: { data: { ...activeSubscription, autoRenew: true, nextBillingDate: clubSubscriptionState.endsAt, card: savedCard } },
  subscriptionFeesBodySchema: { cardId: clubCard.id, planId: monthlyPlan.id, paymentMethod: 'virtual_account' },
  subscriptionFeesAnswerSchema: { data: [...clubFees], subtotal: 49_000, total: 56_890, currency: 'IDR' },
  subscribeBodySchema: { cardId: clubCard.id, planId: monthlyPlan.id, transactionType: 'subscriptionRenewal', paymentMethod: 'virtual_account', autoRenew: false },
  subscribeAnswerSchema: { subscription: renewingSubscription, payment: clubPayment },
  cancelSubscriptionBodySchema: { cardId: clubCard.id },

  // The shop.
  catalogPageSchema: { categories: [coffeeCategory, merchandiseCategory], data: [torajaBeans, dripBags], total: 6, nextCursor: 'Mg' },
  productAnswerSchema: { data: torajaDetail },
  cartQuoteBodySchema: { items: cartItems },
  cartQuoteSchema: {
    lines: [
      { product: torajaBeans, quantity: 1, value: null, points: 1_000, money: 25_000 },
      { product: dripBags, quantity: 1, value: null, points: 0, money: 85_000 },
    ],
    subtotal: { points: 1_000, money: 110_000, currency: 'IDR' },
    problems: [],
    isValid: true,
  },
  memberEventBodySchema: { name: 'add_to_cart', cardId: pointsCard.id, productId: torajaBeans.id, quantity: 1 },
  areaListSchema: {
    data: [
      { code: '31.74.07.1003', name: 'Kramat Pela' },
      { code: '31.74.07.1001', name: 'Melawai' },
    ],
  },
  addressBodySchema: {
    type: 'home',
    recipientName: memberName,
    recipientPhone: memberNationalPhone,
    countryCode: 'ID',
    provinceCode: homeAddress.province.code,
    regencyCode: homeAddress.regency.code,
    districtCode: homeAddress.district.code,
    villageCode: village.code,
    fullAddress: homeAddress.fullAddress,
    zip: homeAddress.zip,
    note: homeAddress.note,
    latitude: homeAddress.latitude,
    longitude: homeAddress.longitude,
    isPrimary: true,
  },
  addressListSchema: { data: [homeAddress, officeAddress] },
  addressAnswerSchema: { data: homeAddress },
  checkoutBodySchema: {
    items: cartItems,
    delivery: { method: 'courier', addressId: homeAddress.id },
    paymentMethod: 'manual_transfer',
    note: orderNote,
    voucherId: onlineTreat.voucherId,
  },
  checkoutQuoteSchema: {
    lines: orderLines.map(({ sku: _sku, ...line }) => line),
    problems: [],
    needsDelivery: true,
    deliveryOptions: [
      { method: 'courier', fee: 0, isAvailable: true, unavailableReason: null },
      { method: 'same_day', fee: 10_000, isAvailable: true, unavailableReason: null },
    ],
    subtotal: order.subtotal,
    promo: null,
    voucher: { ...onlineTreat, minimum: { points: 1_000, money: null }, discount: orderDiscount, problem: null },
    fees: [...orderFees],
    total: order.total,
    currency: 'IDR',
    payment: { points: 800, money: 111_000, pointsShortfall: 0, balance: pointsBalance.amount, needsPaymentMethod: true },
    isValid: true,
  },
  orderAnswerSchema: { data: order },
  orderListSchema: {
    data: [
      {
        id: orderId,
        number: order.number,
        cardId: pointsCard.id,
        status: order.status,
        statusColour: order.statusColour,
        total: order.total,
        currency: 'IDR',
        createdAt: orderedAt,
        itemCount: 2,
        firstItem: { name: torajaBeans.name, image: torajaImage },
      },
      {
        id: '855683ce-66c5-47d8-8ce5-e0f6ad43bbbc',
        number: '260221-M4RT8W',
        cardId: pointsCard.id,
        status: 'completed',
        statusColour: 'item-received',
        total: { points: 500, money: 0 },
        currency: 'IDR',
        createdAt: '2026-02-21T09:12:00.000Z',
        itemCount: 2,
        firstItem: { name: 'Kopi Susu Gula Aren voucher', image: kopiSusuImage },
      },
    ],
    nextCursor: null,
  },
  distributorListSchema: { data: [senayanOutlet, kemangOutlet] },
  distributorAnswerSchema: { data: senayanOutlet },

  // Vouchers and gifts.
  voucherWalletSchema: { data: [{ template: kopiSusuTemplate, activeCount: 2, vouchers: [kopiSusuVoucher, { ...kopiSusuVoucher, id: giftedVoucherId, code: 'MS5FWJFBYGK3F' }] }] },
  voucherAnswerSchema: { data: kopiSusuVoucher },
  myVouchersCountSchema: { data: { count: 3 } },
  voucherChangeBodySchema: { isHidden: true },
  voucherRedeemBodySchema: { outletCode: 'SNY4821' },
  createGiftBodySchema: { recipientPhone: friendNationalPhone, countryCode: '62', message: giftMessage },
  voucherGiftAnswerSchema: { data: voucherGift },
  giftPreviewAnswerSchema: {
    data: {
      status: 'pending',
      sender: { name: 'Rani' },
      message: giftMessage,
      voucher: { name: kopiSusuTemplate.name, valueText: kopiSusuTemplate.valueText, image: kopiSusuImage, usableAt: 'in_store', expiresAt: kopiSusuVoucher.expiresAt },
      program: rewardsProgram,
      expiresAt: voucherGift.expiresAt,
      hasCard: true,
      isSender: false,
      forYou: true,
      recipientPhoneEnding: '5432',
    },
  },
  claimGiftBodySchema: { pin: '602194' },
  claimGiftAnswerSchema: { data: { ...kopiSusuVoucher, id: giftedVoucherId, code: 'EJJEMSAWGNMHP', cardId: friendCard.id, issuedAt: '2026-03-14T06:10:00.000Z' } },

  // The inbox.
  inboxFactsSchema: { kind: 'transfer_received', points: 50, unit: 'POINT', senderName: 'Budi S.', programName: rewardsProgram.name },
  inboxMessageSchema: weekendPromoMessage,
  inboxPageSchema: { data: [orderOnItsWay, pointsEarnedMessage, weekendPromoMessage], nextCursor: 'MjAyNi0wMy0xM1QwMTowMDowMC4wMDBafDNiMGY0ZDBlLTRjNDMtNGI4ZS05YTM3LTFjMmU2ZjFkOWE1MQ' },
  inboxMessageAnswerSchema: { data: { ...weekendPromoMessage, readAt: now } },
  unreadInboxSchema: { data: { count: 2 } },

  // Web Push: her phone's browser, what it may be pushed, and where a push leads.
  pushKindSchema: 'LevelUpModalMessage',
  pushPublicKeySchema: { data: { publicKey: vapidPublicKey } },
  pushSubscriptionBodySchema: ranisBrowser,
  pushSubscriptionAnswerSchema: { data: { id: '6f1c2b7e-93a4-4d5e-8b1f-0c2d3e4f5a67', createdAt: now } },
  pushSettingSchema: { kind: 'points_earned', enabled: false },
  pushSettingsSchema: { data: pushSettingKindsOfRani },
  pushSettingsBodySchema: { kinds: [{ kind: 'points_earned', enabled: false }] },
  pushRouteBodySchema: { routeName: 'detailTransaction', transactionId: purchaseEntryId },
  pushRouteAnswerSchema: { url: `/cards/${pointsCard.id}/transaction-detail/${purchaseEntryId}` },
  pushPayloadSchema: {
    title: 'You reached Gold',
    body: `Your ${rewardsProgram.name} card is now Gold. See what this level brings.`,
    icon: '/brand/kopi-senja.svg',
    extras: { queryString: { routeName: 'cards-cardId', cardId: pointsCard.id }, kind: 'LevelUpModalMessage', messageId: 'c41e8a2b-7d3f-4b9a-a6c5-2e1f0d9b8a73', link: `/cards/${pointsCard.id}` },
  },

  // Feature locks and banners.
  featureKeySchema: 'transfer-point',
  featureUnlockSchema: { kind: 'level', programId: rewardsProgram.id, programName: rewardsProgram.name, levelName: 'Silver', cardId: pointsCard.id },
  featureEligibilitySchema: { feature: 'transfer-point', isLocked: true, unlock: { kind: 'level', programId: rewardsProgram.id, programName: rewardsProgram.name, levelName: 'Silver', cardId: pointsCard.id } },
  featureEligibilitiesSchema: {
    data: [
      { feature: 'catalog', isLocked: false, unlock: null },
      { feature: 'referral', isLocked: true, unlock: { kind: 'closed' } },
      { feature: 'transfer-point', isLocked: true, unlock: { kind: 'level', programId: rewardsProgram.id, programName: rewardsProgram.name, levelName: 'Silver', cardId: pointsCard.id } },
    ],
  },
  bannerPlacementSchema: 'card',
  termsBodySchema: { language: 'id' },
  termsSchema: kopiSenjaTerms,
  termsAnswerSchema: { data: kopiSenjaTerms },
  microAppTokenBodySchema: { app: 'senja-games' },
  microAppTokenAnswerSchema: { data: { token: 'J9s0yP3kQ1mZ8d2L.Yb1cQ0Zr7uVwXk3pTn6sAg.rVxM2o8Qf0pXc1lY9sH4dJ7bKq3nGm5aWz6e', expiresAt: '2026-03-14T03:20:00.000Z' } },
  bannerSchema: weekendBanner,
  bannerListSchema: { data: [weekendBanner, gayoBanner] },

  // Target achievement.
  targetKindSchema: 'spend',
  targetPeriodSchema: 'yearly',
  targetSchema: yearlyTarget,
  targetCardParamsSchema: { cardId: pointsCard.id },
  targetParamsSchema: { cardId: pointsCard.id, targetId: yearlyTarget.id },
  targetListAnswerSchema: { data: [yearlyTarget] },
  targetAnswerSchema: { data: yearlyTarget },

  // Missions.
  missionTaskKindSchema: 'buy_product',
  missionStatusSchema: 'active',
  missionTaskSchema: morningRitual.tasks[0]!,
  missionRewardSchema: morningRitual.reward,
  missionSchema: morningRitual,
  missionCardParamsSchema: { cardId: pointsCard.id },
  missionParamsSchema: { cardId: pointsCard.id, missionId: morningRitual.id },
  missionListAnswerSchema: { data: [morningRitual] },
  missionAnswerSchema: { data: morningRitual },
  storeVisitBodySchema: { outletCode: 'SENAYAN1' },
  storeVisitAnswerSchema: { data: { outletName: 'Kopi Senja Senayan', visitedAt: '2026-03-14T03:05:00.000Z', counted: true } },

  // Perks.
  privilegeKindSchema: 'survey',
  privilegeStateSchema: 'available',
  surveyQuestionSchema: tasteQuestions[0],
  privilegeLockSchema: { kind: 'level', levelName: 'Gold' },
  answerReviewStateSchema: 'pending',
  privilegeSchema: tastePerk,
  privilegeAnswerSchema: tasteAnswer,
  privilegeAnswerBodySchema: { answers: tasteAnswer.answers },
  privilegeCardParamsSchema: { cardId: pointsCard.id },
  privilegeParamsSchema: { cardId: pointsCard.id, privilegeId: tastePerk.id },
  privilegeAnswerParamsSchema: { cardId: pointsCard.id, privilegeId: tastePerk.id, answerId: tasteAnswer.id },
  privilegeListAnswerSchema: { data: [croissantPerk, tastePerk] },
  privilegeDetailAnswerSchema: { data: tastePerk },
  privilegeClaimBodySchema: {},
  privilegeClaimAnswerSchema: { data: { ...croissantPerk, state: 'claimed', voucherIds: ['3c9d1e2f-5a6b-4c7d-8e9f-0a1b2c3d4e5f'] } },
  privilegeAnswerDetailSchema: { data: tasteAnswer },
  privilegeAnswerListSchema: { data: [tasteAnswer] },

  // Referral.
  referralRewardOnSchema: 'purchased',
  referralStateSchema: 'purchased',
  referralUnavailableReasonSchema: 'already-member',
  referralListItemSchema: referralItem,
  referralListAnswerSchema: { data: [referralItem] },
  referralSummarySchema: referralOverview.summary,
  referralOverviewSchema: referralOverview,
  referralOverviewAnswerSchema: { data: referralOverview },
  referralFriendSchema: purchasedFriend,
  referralFriendsQuerySchema: { page: 1, state: 'purchased' },
  referralFriendsAnswerSchema: { data: [pendingFriend, purchasedFriend], page: 1, count: 2 },
  referralFriendAnswerSchema: { data: pendingFriend },
  referralInviteBodySchema: { phone: '081255501003', countryCode: '62' },
  referralInviteSchema: referralInvite,
  referralInviteAnswerSchema: { data: referralInvite },
  referralJoinBodySchema: { code: 'RANI2026' },
  referralJoinSchema: referralJoin,
  referralJoinAnswerSchema: { data: referralJoin },

  // Gift cards.
  giftCardActivationAnswerSchema: { data: { cardId: giftCardCard.id } },
  giftCardAnswerSchema: {
    data: {
      cardId: giftCardCard.id,
      number: giftCardCard.number,
      programName: giftCardProgram.name,
      currency,
      faceValue: 100_000,
      balance: 65_000,
      payCode: giftCardPayCode,
      activatedAt: '2026-03-07T05:30:00.000Z',
      isUsable: true,
      charges: [counterCharge],
    },
  },
  giftCardChargeBodySchema: { amount: 35_000, outletCode: 'SNY4821' },
  giftCardChargeAnswerSchema: { data: { charge: counterCharge, balance: 65_000 } },
  giftCardChargeDetailAnswerSchema: { data: { ...counterCharge, card: { id: giftCardCard.id, number: giftCardCard.number, programName: giftCardProgram.name, currency } } },

  // The site.
  healthSchema: { status: 'ok' },
  publicMerchantSchema: publicMerchant,
  siteStateSchema: {
    host: 'rewards.kopisenja.example',
    viewMode: 'browser',
    defaultLanguage: 'id',
    uiVersion: 'v1',
    maintenance: false,
    active: true,
    requireReferenceId: false,
    merchant: publicMerchant,
    branding: {
      '--brand-header': '#4b2e1e',
      '--brand-header-text': '#ffffff',
      '--brand-face-end': '#1f130d',
      '--brand-button': '#c25501',
      '--brand-button-text': '#ffffff',
      '--brand-header-button': '#c25501',
      '--brand-header-button-text': '#ffffff',
      '--brand-accent': '#b85101',
    },
  },

  // The integration API: the till, the back office and the merchant's partners.
  purchaseBodySchema: {
    cardNumber: pointsCard.number,
    amount: 81_000,
    billNumber,
    items: [
      { sku: 'KS-KOPSU', name: 'Kopi Susu Senja', quantity: 2, price: 28_000 },
      { sku: 'KS-CROISSANT', name: 'Croissant', quantity: 1, price: 25_000 },
    ],
  },
  purchaseAnswerSchema: { entryId: purchaseEntryId, earned: 81, balance: pointsBalance.amount },
  voidPurchaseBodySchema: { reason: 'Bill cancelled at the till: wrong table' },
  voidPurchaseAnswerSchema: { entryId: '81868173-c274-4318-9e69-9c6a8773ed77' },
  issueCardBodySchema: { programId: rewardsProgram.id, memberPhone, activationCode },
  issueCardAnswerSchema: { cardId: pointsCard.id, number: pointsCard.number, status: 'active' },
  issueCardBatchBodySchema: { programId: rewardsProgram.id, count: 2, withActivationCodes: true },
  issueCardBatchAnswerSchema: {
    cards: [
      { number: '6001019384726150', activationCode: 'T4NQ5S2C' },
      { number: '6001019384726234', activationCode: '84MG8Q7D' },
    ],
  },
  memberCardsAnswerSchema: {
    data: [
      { cardId: pointsCard.id, number: pointsCard.number, status: 'active', programId: rewardsProgram.id, programName: rewardsProgram.name, balance: pointsBalance },
      { cardId: clubCard.id, number: clubCard.number, status: 'active', programId: clubProgram.id, programName: clubProgram.name, balance: { amount: 4, unit: 'POINT' } },
    ],
  },
  adjustmentBodySchema: { cardNumber: pointsCard.number, amount: 25, reason: 'Goodwill points: her drink was remade at Kopi Senja Senayan' },
  adjustmentAnswerSchema: { entryId: '732d4f3a-aeb9-411b-9be2-1e8e29916eb0', balance: 1_265 },
  integrationProductBodySchema: {
    sku: integrationToraja.sku,
    name: integrationToraja.name,
    category: 'Coffee',
    type: 'physical',
    pricePoints: 1_000,
    priceMoney: 25_000,
    stock: 8,
    maxPerOrder: 5,
    weightGrams: 250,
    description: torajaDescription,
  },
  integrationProductAnswerSchema: { data: integrationToraja, created: false },
  integrationProductChangeAnswerSchema: { data: integrationToraja },
  integrationProductListSchema: { data: [integrationToraja, integrationDripBags] },
  integrationStockBodySchema: { stock: 8 },
  integrationMessageBodySchema: { memberPhone, ...weekendPromo },
  integrationMessageAnswerSchema: { data: { id: weekendPromoMessage.id, createdAt: weekendPromoMessage.createdAt } },
  // The weekend promo to every Gold member of Kopi Senja Rewards, half way through.
  integrationBroadcastBodySchema: { audience: { kind: 'level', programId: rewardsProgram.id, levelRank: 3 }, ...weekendPromo },
  integrationReferralProgramSchema: integrationReferralProgram,
  integrationReferralProgramBodySchema: { programId: rewardsProgram.id, referrerReward: 100, friendReward: 50, rewardOn: 'purchased', dailyRewardCap: 10, endsAt: '2026-06-30T16:59:59.000Z' },
  integrationReferralProgramEndBodySchema: {},
  integrationReferralProgramParamsSchema: { referralId: referralOffer.id },
  integrationReferralProgramAnswerSchema: { data: integrationReferralProgram },
  integrationReferralProgramListSchema: { data: [integrationReferralProgram] },
  integrationMissionSchema: integrationMission,
  integrationMissionBodySchema: {
    programId: rewardsProgram.id,
    name: 'Morning ritual',
    description: 'Start your days with Kopi Senja: three Kopi Susu vouchers from the shop and 200 points earned at our tills.',
    startsAt: '2026-03-07T03:00:00.000Z',
    endsAt: '2026-04-06T03:00:00.000Z',
    reward: { kind: 'points', amount: 100 },
    tasks: [
      { kind: 'buy_product', title: 'Buy 3 Kopi Susu Gula Aren vouchers', target: 3, productId: '5eed0000-0000-4000-8000-000000000401' },
      { kind: 'earn', title: 'Earn 200 points', target: 200 },
    ],
  },
  integrationMissionParamsSchema: { missionId: morningRitual.id },
  integrationMissionEndBodySchema: {},
  integrationMissionAnswerSchema: { data: integrationMission },
  integrationMissionListSchema: { data: [integrationMission] },
  integrationPrivilegeBodySchema: {
    programId: rewardsProgram.id,
    kind: 'survey',
    title: 'Tell us how you take your coffee',
    description: 'Five questions about your favourite drinks help us plan the new menu. Approved answers earn 50 points.',
    rewardPoints: 50,
    endsAt: '2026-04-09T03:00:00.000Z',
    questions: tasteQuestions,
  },
  integrationPrivilegeSchema: integrationTastePerk,
  integrationPrivilegeAnswerSchema: { data: integrationTastePerk },
  integrationPrivilegeListSchema: { data: [integrationTastePerk] },
  integrationPrivilegeParamsSchema: { perkId: tastePerk.id },
  integrationPrivilegeActiveBodySchema: { active: false },
  integrationSurveyAnswerSchema: integrationTasteAnswer,
  integrationSurveyAnswerListSchema: { data: [integrationTasteAnswer] },
  integrationSurveyAnswersQuerySchema: { state: 'pending' },
  integrationSurveyAnswerParamsSchema: { answerId: tasteAnswer.id },
  integrationSurveyReviewBodySchema: { decision: 'approve' },
  integrationSurveyAnswerAnswerSchema: { data: { ...integrationTasteAnswer, state: 'approved', reviewedAt: '2026-03-14T04:00:00.000Z' } },
  integrationBroadcastAnswerSchema: { data: { id: '6f1e2d3c-4b5a-4c9d-8e7f-0a1b2c3d4e5f', status: 'sending', sent: 1_000, createdAt: weekendPromoMessage.createdAt, finishedAt: null } },
  integrationOrderStatusBodySchema: { status: 'on_courier', courier: 'JNE REG', trackingNumber: 'JX3104928817', note: 'Picked up by the courier' },
  integrationOrderAnswerSchema: { data: integrationOrder },
  integrationOrderListSchema: { data: [integrationOrder], nextCursor: null },
  integrationVoucherRedeemBodySchema: { code: kopiSusuCode, outletId: senayanTill.id },
  integrationRedemptionAnswerSchema: {
    data: {
      id: '249d3e30-be4a-4728-a978-de0305b288f3',
      voucher: { id: kopiSusuVoucher.id, code: kopiSusuCode, name: kopiSusuTemplate.name, valueText: kopiSusuTemplate.valueText },
      outlet: senayanTill,
      cashier: null,
      channel: 'till',
      redeemedAt: '2026-03-14T07:05:00.000Z',
      voidedAt: null,
    },
  },
  // Bills.
  billCategorySchema: 'mobile_credit',
  mobileOperatorSchema: 'telkomsel',
  topUpWalletSchema: 'gopay',
  billProductSchema: { sku: 'telkomsel-credit-25', category: 'mobile_credit', provider: 'telkomsel', name: 'Telkomsel Rp 25.000', kind: 'prepaid', price: 26_500, adminFee: 0 },
  billProductListSchema: { data: [{ sku: 'telkomsel-credit-25', category: 'mobile_credit', provider: 'telkomsel', name: 'Telkomsel Rp 25.000', kind: 'prepaid', price: 26_500, adminFee: 0 }] },
  billPaySourceSchema: 'points',
  billCheckBodySchema: { sku: 'telkomsel-credit-25', customerNo: '0812-3456-7890' },
  billQuoteSchema: creditQuote,
  billQuoteAnswerSchema: { data: creditQuote },
  billPayBodySchema: { checkId: creditQuote.checkId, source: 'points' },
  billStatusSchema: 'success',
  billPaymentSchema: creditPayment,
  billPaymentAnswerSchema: { data: creditPayment },
  billPaymentListSchema: { data: [creditPayment] },
  integrationBillPaymentSchema: integrationCreditPayment,
  integrationBillListSchema: { data: [integrationCreditPayment] },
  billerWebhookAnswerSchema: { outcome: 'settled' },

  // Scanning.
  scanBodySchema: { code: earnCode.qrText, cardId: pointsCard.id },
  scanAnswerSchema: { kind: 'earn', earn: { cardId: pointsCard.id, programName: rewardsProgram.name, unit: 'POINT', earned: 87, balance: 1_337 } },
  scanResponseSchema: { data: { kind: 'earn', earn: { cardId: pointsCard.id, programName: rewardsProgram.name, unit: 'POINT', earned: 87, balance: 1_337 } } },
  scanEarnSchema: { cardId: pointsCard.id, programName: rewardsProgram.name, unit: 'POINT', earned: 87, balance: 1_337 },
  scanQrisSchema: { merchantName: 'WARUNG BU SARI', merchantCity: 'BANDUNG', amount: null, qris: warungQris },
  uniqueCodeClaimSchema: bottleCapClaim,
  uniqueCodeClaimBodySchema: { code: 'K7QM-4XPT-2H9RZ' },
  uniqueCodeClaimResponseSchema: { data: bottleCapClaim },
  earnCodeBodySchema: { programId: rewardsProgram.id, amount: 87_500, billNumber: 'SNY-0415', expiresInSeconds: 300 },
  earnCodeSchema: earnCode,
  earnCodeAnswerSchema: { data: { ...earnCode, status: 'open', claimedAt: null, earned: null } },
  uniqueCodeBatchBodySchema: { programId: rewardsProgram.id, name: bottleCaps.name, points: 25, count: 5_000, startsAt: bottleCaps.startsAt, endsAt: bottleCaps.endsAt, rewardDelayHours: 0 },
  uniqueCodeBatchSchema: bottleCaps,
  uniqueCodeBatchCreatedSchema: { batch: { ...bottleCaps, claimed: 0 }, codes: ['K7QM4XPT2H9RZ', 'B3NW8YCE5TDKA'] },
  uniqueCodeBatchCreatedAnswerSchema: { data: { batch: { ...bottleCaps, claimed: 0 }, codes: ['K7QM4XPT2H9RZ', 'B3NW8YCE5TDKA'] } },
  uniqueCodeBatchAnswerSchema: { data: { ...bottleCaps, status: 'suspended' } },
  uniqueCodeBatchListSchema: { data: [bottleCaps] },
  uniqueCodeBatchStatusBodySchema: { status: 'suspended' },

  // Receipts.
  receiptStatusSchema: 'submitted',
  receiptCampaignCodeSchema: 'SENAYAN-CITY',
  receiptCampaignSchema: { code: mallCampaign.code, name: mallCampaign.name, description: mallCampaign.description, programName: rewardsProgram.name, startsAt: mallCampaign.startsAt, endsAt: mallCampaign.endsAt },
  receiptCampaignAnswerSchema: { data: { code: mallCampaign.code, name: mallCampaign.name, description: mallCampaign.description, programName: rewardsProgram.name, startsAt: mallCampaign.startsAt, endsAt: mallCampaign.endsAt } },
  receiptSchema: mallReceipt,
  receiptAnswerSchema: { data: { ...mallReceipt, status: 'submitted', reviewedAt: null, earned: null } },
  receiptListAnswerSchema: { data: [mallReceipt] },
  receiptCampaignBodySchema: { programId: rewardsProgram.id, code: mallCampaign.code, name: mallCampaign.name, description: mallCampaign.description, startsAt: mallCampaign.startsAt, endsAt: mallCampaign.endsAt },
  integrationReceiptCampaignSchema: mallCampaign,
  integrationReceiptCampaignAnswerSchema: { data: { ...mallCampaign, receipts: 0 } },
  integrationReceiptCampaignListSchema: { data: [mallCampaign] },
  integrationReceiptSchema: integrationMallReceipt,
  integrationReceiptAnswerSchema: { data: { ...integrationMallReceipt, status: 'approved', reviewedAt: '2026-03-14T02:15:00.000Z', amount: 120_000, billNumber: `RECEIPT-${mallReceipt.id}`, earned: 120 } },
  integrationReceiptListSchema: { data: [integrationMallReceipt] },
  receiptReviewBodySchema: { decision: 'approve', amount: 120_000 },

  // QRIS payments.
  qrisWalletSchema: 'gopay',
  qrisWalletLinkSchema: { wallet: 'gopay', phone: '+62 812-****-7890', linkedAt: '2026-03-14T07:58:00.000Z' },
  qrisWalletLinkAnswerSchema: { data: { wallet: 'gopay', phone: '+62 812-****-7890', linkedAt: '2026-03-14T07:58:00.000Z' } },
  qrisWalletLinkBodySchema: { wallet: 'gopay', phone: '0812 3456 7890' },
  qrisPaymentSourceSchema: 'wallet',
  qrisPaymentStatusSchema: 'pending',
  qrisPaymentBodySchema: { qris: warungQris, amount: 25_000, source: 'wallet' },
  qrisPaymentSchema: warungPayment,
  qrisPaymentAnswerSchema: { data: { ...warungPayment, status: 'paid', paidAt: '2026-03-14T08:01:10.000Z' } },
  qrisCardOptionsSchema: { pointValue: 100, cashBalance: false },
  qrisCardOptionsAnswerSchema: { data: { pointValue: 100, cashBalance: false } },
  integrationRedemptionVoidBodySchema: { reason: 'Scanned the wrong voucher' },
  integrationPendingVouchersAnswerSchema: { data: [pendingPartnerVoucher] },
  integrationPartnerCodeBodySchema: { externalCode: 'TIX-8F3K2M' },
  integrationPendingVoucherAnswerSchema: { data: { ...pendingPartnerVoucher, status: 'active', externalCode: 'TIX-8F3K2M' } },
  integrationGiftCardChargeBodySchema: { code: giftCardPayCode, amount: 20_000, outletId: senayanTill.id, reference: 'SNY-0412' },
  integrationGiftCardChargeAnswerSchema: {
    data: {
      id: '9ac19327-0654-4bf0-99c1-259d021b6394',
      amount: 20_000,
      outlet: senayanTill,
      cashier: null,
      channel: 'till',
      reference: 'SNY-0412',
      chargedAt: '2026-03-14T07:20:00.000Z',
      voidedAt: null,
      cardNumber: giftCardCard.number,
      balance: 45_000,
    },
  },
};
