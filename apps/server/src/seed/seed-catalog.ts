import { readFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../db/database.ts';
import { catalogCategories, products, type NewProductRow } from '../modules/catalog/catalog.table.ts';
import { storeImage } from '../modules/media/images.service.ts';
import { demoProgramIds, type SeedCardsOptions } from './seed-cards.ts';

/*
 * The shop demo (README "Demo data"): the Kopi Senja Rewards catalog, three categories (one of them
 * exclusive), fourteen products of every type, a gold bar, a gift card, stock levels from 0 to over 100.
 */

const categoryIds = {
  coffee: '5eed0000-0000-4000-8000-000000000301',
  merchandise: '5eed0000-0000-4000-8000-000000000302',
  collector: '5eed0000-0000-4000-8000-000000000303',
} as const;

type DemoProduct = Omit<NewProductRow, 'merchantId' | 'programId' | 'currency' | 'sortOrder' | 'imageId' | 'categoryId'> & {
  id: string;
  category: keyof typeof categoryIds;
  /** Its picture, drawn for the demo, beside this file under assets/products. */
  art: string;
};

const productId = (n: number) => `5eed0000-0000-4000-8000-${String(400 + n).padStart(12, '0')}`;

export const demoProducts: DemoProduct[] = [
  {
    id: productId(1),
    sku: 'KS-EV-KOPSU',
    category: 'coffee',
    type: 'evoucher',
    name: 'Kopi Susu Gula Aren voucher',
    description: 'Our iced milk coffee with palm sugar, any size, at any Kopi Senja outlet.',
    terms: 'Valid for 30 days after purchase. One voucher per drink. Not valid with other promotions.',
    pricePoints: 250n,
    stock: null,
    maxPerOrder: 5,
    art: 'kopi-susu-voucher.svg',
  },
  {
    id: productId(2),
    sku: 'KS-MEAL-ES1L',
    category: 'coffee',
    type: 'meal',
    name: 'Es Kopi Senja 1 litre',
    description: 'A litre of our house iced coffee to share, brewed the same morning. Keep chilled, best within 3 days.',
    pricePoints: 400n,
    stock: 40,
    maxPerOrder: 4,
    weightGrams: 1_100,
    art: 'es-kopi-1l.svg',
  },
  {
    id: productId(3),
    sku: 'KS-BEAN-GAYO',
    category: 'coffee',
    type: 'physical',
    name: 'Gayo single origin beans 250 g',
    description: 'Washed arabica from the Gayo highlands of Aceh, roasted medium. Notes of dark chocolate, spice and lime.',
    pricePoints: 900n,
    stock: 120,
    weightGrams: 250,
    art: 'gayo-beans.svg',
  },
  {
    id: productId(4),
    sku: 'KS-BEAN-TORAJA',
    category: 'coffee',
    type: 'physical',
    name: 'Toraja Sapan beans 250 g',
    description: 'Semi-washed arabica from Sapan, Tana Toraja. Heavy body, notes of brown sugar and ripe plum.',
    pricePoints: 1_000n,
    priceMinor: 25_000n,
    stock: 8,
    maxPerOrder: 5,
    weightGrams: 250,
    art: 'toraja-beans.svg',
  },
  {
    id: productId(5),
    sku: 'KS-DRIP-10',
    category: 'coffee',
    type: 'physical',
    name: 'Drip bag sampler, 10 bags',
    description: 'Ten single-cup drip bags from our three house origins. Hang on a cup, pour 150 ml of hot water, wait three minutes.',
    priceMinor: 85_000n,
    stock: 60,
    weightGrams: 140,
    art: 'drip-bags.svg',
  },
  {
    id: productId(6),
    sku: 'KS-MUG-ENAMEL',
    category: 'merchandise',
    type: 'physical',
    name: 'Senja enamel mug',
    description: 'A 350 ml enamel camping mug in cream with a brown rim.',
    pricePoints: 1_200n,
    stock: 0,
    weightGrams: 350,
    art: 'enamel-mug.svg',
  },
  {
    id: productId(7),
    sku: 'KS-TOTE',
    category: 'merchandise',
    type: 'physical',
    name: 'Canvas tote bag',
    description: 'Heavy cotton canvas, with an inside pocket for your keys and phone.',
    pricePoints: 800n,
    stock: 35,
    weightGrams: 200,
    art: 'tote-bag.svg',
  },
  {
    id: productId(8),
    sku: 'KS-TUMBLER-500',
    category: 'merchandise',
    type: 'physical',
    name: 'Stainless tumbler 500 ml',
    description: 'Double-walled, keeps your coffee hot for 6 hours or iced for 12. Bring it in for Rp 3.000 off every drink.',
    pricePoints: 1_500n,
    stock: 150,
    weightGrams: 420,
    art: 'tumbler.svg',
  },
  {
    id: productId(9),
    sku: 'KS-V60',
    category: 'merchandise',
    type: 'physical',
    name: 'Pour-over dripper set',
    description: 'A ceramic cone dripper on a 600 ml glass server, with 40 paper filters.',
    pricePoints: 1_800n,
    priceMinor: 50_000n,
    stock: 12,
    maxPerOrder: 2,
    weightGrams: 780,
    art: 'v60-dripper.svg',
  },
  {
    id: productId(10),
    sku: 'KS-EV-CROISSANT',
    category: 'merchandise',
    type: 'evoucher',
    name: 'Butter croissant voucher',
    description: 'A croissant baked in our kitchen every morning, plain or almond.',
    terms: 'Valid for 30 days after purchase, while stocks last each day.',
    pricePoints: 180n,
    stock: null,
    maxPerOrder: 5,
    art: 'croissant-voucher.svg',
  },
  {
    id: productId(11),
    sku: 'KS-EBOOK-BREW',
    category: 'merchandise',
    type: 'digital',
    name: 'Brewing at home e-book',
    description: 'Our baristas’ guide to brewing café coffee at home: grind, ratio, water and four recipes.',
    pricePoints: 300n,
    stock: null,
    maxPerOrder: 1,
    art: 'brewing-ebook.svg',
  },
  {
    id: productId(12),
    sku: 'KS-GOLD-1G',
    category: 'collector',
    type: 'physical',
    name: 'Kopi Senja gold bar 1 g',
    description: '999.9 fine gold, 1 gram, sealed with its certificate. A fifth-anniversary edition.',
    terms: 'Gold and precious metals: at most 3 per transaction. Bought on its own, not with other items.',
    pricePoints: 5_000n,
    priceMinor: 1_300_000n,
    stock: 20,
    weightGrams: 1,
    isPreciousMetal: true,
    art: 'gold-bar.svg',
  },
  {
    id: productId(13),
    sku: 'KS-CUPPING-SET',
    category: 'collector',
    type: 'physical',
    name: 'Anniversary cupping set',
    description: 'Two stoneware cupping bowls and a brass spoon on a teak tray, numbered, 50 made.',
    pricePoints: 6_000n,
    stock: 3,
    maxPerOrder: 1,
    weightGrams: 1_500,
    art: 'cupping-set.svg',
  },
  {
    id: productId(14),
    sku: 'KS-GIFT-100K',
    category: 'coffee',
    type: 'evoucher',
    name: 'Kopi Senja gift card Rp100.000',
    description: 'A gift card worth Rp100.000 at every Kopi Senja outlet. Keep it, or send it to a friend; once added to your cards, pay any amount at the counter until it is used up.',
    terms: 'Add it to your cards within a year of purchase. The balance does not expire once added. Not exchangeable for cash.',
    pricePoints: 1_000n,
    stock: null,
    maxPerOrder: 3,
    art: 'gift-card.svg',
  },
  {
    id: productId(15),
    sku: 'KS-FUND-FARMERS',
    category: 'coffee',
    type: 'custom_value',
    name: 'Gayo farmers fund',
    description: 'Give what you choose to the fund that buys seedlings and drying beds for the smallholders who grow our Gayo beans. Kopi Senja adds the same amount.',
    terms: 'The minimum donation is Rp10.000. Donations are passed on every quarter and are not refundable.',
    priceMinor: 10_000n,
    customValueMaxMinor: 5_000_000n,
    isDonation: true,
    stock: null,
    maxPerOrder: 1,
    art: 'farmers-fund.svg',
  },
];

const artFile = (name: string) => new URL(`./assets/products/${name}`, import.meta.url);

/** The art is drawn on an 800-unit square; rendered at this density it comes out at the largest variant's 960 px. */
const ART_DENSITY = (72 * 960) / 800;

/** The demo's pictures are drawn as SVG; what a merchant uploads is a photo, so they go in as PNG. */
async function productPicture(art: string): Promise<Buffer> {
  return sharp(await readFile(artFile(art)), { density: ART_DENSITY }).resize(960, 960).png().toBuffer();
}

export async function seedKopiSenjaCatalog(tx: Database, merchantId: number, { productPictures, blobs }: Pick<SeedCardsOptions, 'productPictures' | 'blobs'>): Promise<void> {
  const programId = demoProgramIds.kopiSenjaRewards;
  const categories = [
    { id: categoryIds.coffee, name: 'Coffee', sortOrder: 1, isExclusive: false },
    { id: categoryIds.merchandise, name: 'Merchandise', sortOrder: 2, isExclusive: false },
    { id: categoryIds.collector, name: "Collector's corner", sortOrder: 3, isExclusive: true },
  ];
  for (const category of categories) {
    await tx
      .insert(catalogCategories)
      .values({ ...category, merchantId, programId })
      .onConflictDoUpdate({ target: catalogCategories.id, set: { name: category.name, sortOrder: category.sortOrder, isExclusive: category.isExclusive } });
  }
  for (const [index, { category, art, ...product }] of demoProducts.entries()) {
    const values = { merchantId, programId, categoryId: categoryIds[category], currency: 'IDR', sortOrder: index + 1, ...product };
    await tx.insert(products).values(values).onConflictDoUpdate({ target: products.id, set: values });
    // A product keeps the picture it has, so seeding again adds no images.
    const [stored] = await tx.select({ imageId: products.imageId }).from(products).where(and(eq(products.id, product.id), eq(products.merchantId, merchantId)));
    if (!productPictures || stored?.imageId) continue;
    const image = await storeImage({ db: tx, merchantId, purpose: 'product', bytes: await productPicture(art), blobs });
    await tx.update(products).set({ imageId: image.id }).where(eq(products.id, product.id));
  }
}
