import { outletCodeKeyFor } from '../modules/outlets/outlet-code-key.ts';
import { uniqueCodeKeyFor } from '../modules/unique-codes/unique-codes.service.ts';
import type { BlobStore } from '../modules/storage/blob-store.ts';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { merchants, type NewMerchantRow } from '../modules/tenancy/merchants.table.ts';
import { sites, type NewSiteRow } from '../modules/tenancy/sites.table.ts';
import { seedKopiSenjaCards, seedLuminaCards, type SeedCardsOptions } from './seed-cards.ts';
import { seedKopiSenjaAddresses } from './seed-addresses.ts';
import { seedKopiSenjaInbox } from './seed-inbox.ts';
import { seedKopiSenjaProfiles } from './seed-profile.ts';
import { seedKopiSenjaFeatureLocks } from './seed-features.ts';
import { seedKopiSenjaReferrals } from './seed-referrals.ts';
import { seedKopiSenjaTargets } from './seed-targets.ts';
import { seedKopiSenjaMissions } from './seed-missions.ts';
import { seedKopiSenjaPrivileges } from './seed-privileges.ts';
import { seedKopiSenjaScanning } from './seed-scanning.ts';
import { seedKopiSenjaBills } from './seed-bills.ts';
import { seedKopiSenjaBanners } from './seed-banners.ts';
import { seedKopiSenjaTerms } from './seed-terms.ts';
import { seedKopiSenjaCatalog } from './seed-catalog.ts';
import { seedKopiSenjaShop } from './seed-shop.ts';
import { seedKopiSenjaVouchers } from './seed-vouchers.ts';
import { seedKopiSenjaClub } from './seed-subscriptions.ts';

interface DemoMerchant {
  merchant: NewMerchantRow;
  sites: Omit<NewSiteRow, 'merchantId'>[];
  /** The merchant's demo programs, members and cards (seed-cards.ts). */
  cards?: (tx: Database, merchantId: number, options: SeedCardsOptions) => Promise<void>;
}

const demoMerchants: DemoMerchant[] = [
  {
    // The default demo: served on the local development hosts (ARCHITECTURE 'Tenancy').
    merchant: {
      mid: 'KOPISENJA',
      maskedMerchantId: 'mks7Qp2ZsV9c',
      brand: 'Kopi Senja',
      iconUrl: '/brand/kopi-senja.svg',
      bannerUrl: '/brand/kopi-senja-banner.svg',
      headerColor: '#4B2E1E',
      buttonColor: '#F96D01',
      buttonTextColor: '#FFFFFF',
      headerButtonColor: '#F96D01',
      headerButtonTextColor: '#FFFFFF',
      addCardButton: true,
      defaultLanguage: 'en',
      countryCode: 'ID',
      currencyCode: 'IDR',
      currencySymbol: 'Rp',
      currencyDecimals: 0,
      thousandSeparator: '.',
      decimalSeparator: ',',
      timezone: 'Asia/Jakarta',
      defaultLogin: 'phone',
      supportPhone: '+6281234500077',
      supportEmail: 'halo@kopisenja.example',
      uiVersion: 'v1',
      // The card menu tags Targets as featured (app-core §9 highlighted menus).
      flags: { ageGate: false, activationCodeWhitelist: false, hidePoweredBy: false, exclusiveCategories: [], highlightedMenus: ['targetAchievement', 'scanQris'] },
    },
    sites: [
      { host: 'localhost', defaultLanguage: 'en' },
      { host: '127.0.0.1', defaultLanguage: 'en' },
    ],
    cards: async (tx, merchantId, options) => {
      await seedKopiSenjaCards(tx, merchantId, options);
      await seedKopiSenjaClub(tx, merchantId, options);
      await seedKopiSenjaCatalog(tx, merchantId, options);
      await seedKopiSenjaShop(tx, merchantId);
      await seedKopiSenjaVouchers(tx, merchantId, options);
      await seedKopiSenjaAddresses(tx, merchantId, options);
      await seedKopiSenjaInbox(tx, merchantId, options);
      await seedKopiSenjaProfiles(tx, merchantId, options);
      await seedKopiSenjaFeatureLocks(tx, merchantId, options);
      await seedKopiSenjaBanners(tx, merchantId, options);
      await seedKopiSenjaTerms(tx, merchantId, options);
      await seedKopiSenjaReferrals(tx, merchantId, options);
      await seedKopiSenjaTargets(tx, merchantId, options);
      await seedKopiSenjaMissions(tx, merchantId, options);
      await seedKopiSenjaPrivileges(tx, merchantId, options);
      await seedKopiSenjaScanning(tx, merchantId, options);
      await seedKopiSenjaBills(tx, merchantId, options);
    },
  },
  {
    merchant: {
      mid: 'LUMINABEAUTY',
      maskedMerchantId: 'mlb4tR8wYb2N',
      brand: 'Lumina Beauty',
      iconUrl: '/brand/lumina-beauty.svg',
      bannerUrl: '/brand/lumina-beauty-banner.svg',
      headerColor: '#5B2A4E',
      buttonColor: '#D63A7A',
      buttonTextColor: '#FFFFFF',
      headerButtonColor: '#F7C6D9',
      headerButtonTextColor: '#5B2A4E',
      addCardButton: true,
      defaultLanguage: 'id',
      countryCode: 'ID',
      currencyCode: 'IDR',
      currencySymbol: 'Rp',
      currencyDecimals: 0,
      thousandSeparator: '.',
      decimalSeparator: ',',
      timezone: 'Asia/Jakarta',
      defaultLogin: 'email',
      // Members who first joined at the counter by phone may keep signing in by phone.
      acceptsBothLogins: true,
      supportEmail: 'care@luminabeauty.example',
      uiVersion: 'v2',
    },
    sites: [{ host: 'v2.localhost', defaultLanguage: 'id' }],
    cards: seedLuminaCards,
  },
  {
    // A nicotine brand in the Philippines: shows the age gate (21 and over there).
    merchant: {
      mid: 'HAZEMNL',
      maskedMerchantId: 'mhz9Kd3LqP7a',
      brand: 'Haze Manila',
      iconUrl: '/brand/haze-manila.svg',
      bannerUrl: '/brand/haze-manila-banner.svg',
      headerColor: '#1F2A37',
      buttonColor: '#14B8A6',
      buttonTextColor: '#FFFFFF',
      headerButtonColor: '#14B8A6',
      headerButtonTextColor: '#FFFFFF',
      addCardButton: true,
      defaultLanguage: 'en',
      countryCode: 'PH',
      currencyCode: 'PHP',
      currencySymbol: '₱',
      currencyDecimals: 2,
      thousandSeparator: ',',
      decimalSeparator: '.',
      timezone: 'Asia/Manila',
      defaultLogin: 'phone',
      uiVersion: 'v1',
      flags: { ageGate: true, activationCodeWhitelist: false, hidePoweredBy: false, exclusiveCategories: [], highlightedMenus: [] },
    },
    sites: [{ host: 'age.localhost', defaultLanguage: 'en' }],
  },
];

export interface SeedDemoOptions {
  /** The demo history is dated back from this moment. */
  now?: Date;
  /** Key the demo activation code is stored under: the server's, or the demo code will not match. */
  activationCodeKey: string;
  /**
   * Draw the shop's product pictures (default): a few seconds of image work on the first seed. The
   * test databases leave them out, every test file seeding its own.
   */
  productPictures?: boolean;
  /** The deployment's file store for the demo pictures; absent keeps them in the database. */
  blobs?: BlobStore | null;
  /** Key the demo outlet's code is hashed under: the server's, or the demo code will not match. */
  outletCodeKey?: string;
  /** Key the demo's printed codes are hashed under: the server's. */
  uniqueCodeKey?: string;
}

/**
 * Creates or refreshes the demo merchants, their sites and their cards demo; safe to run any number
 * of times. One transaction per merchant keeps a half-written merchant from ever being visible.
 */
export async function seedDemo(db: Database, { now = new Date(), activationCodeKey, productPictures = true, blobs = null, outletCodeKey = outletCodeKeyFor(undefined), uniqueCodeKey = uniqueCodeKeyFor(undefined) }: SeedDemoOptions): Promise<void> {
  for (const demo of demoMerchants) {
    await db.transaction(async (tx) => {
      const [saved] = await tx
        .insert(merchants)
        .values(demo.merchant)
        .onConflictDoUpdate({ target: merchants.mid, set: { ...demo.merchant, updatedAt: sql`now()` } })
        .returning({ id: merchants.id });
      if (!saved) throw new Error(`Could not save the demo merchant ${demo.merchant.mid}`);
      for (const site of demo.sites) {
        const row = { ...site, merchantId: saved.id };
        await tx
          .insert(sites)
          .values(row)
          .onConflictDoUpdate({ target: sites.host, set: { ...row, updatedAt: sql`now()` } });
      }
      await demo.cards?.(tx, saved.id, { now, activationCodeKey, productPictures, blobs, outletCodeKey, uniqueCodeKey });
    });
  }
}

/** True when no merchant exists yet: the first start of a fresh database. */
export async function isEmptyDatabase(db: Database): Promise<boolean> {
  const [first] = await db.select({ id: merchants.id }).from(merchants).limit(1);
  return first === undefined;
}
