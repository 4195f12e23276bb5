import { brandingVariables } from '@kartu/core';
import type { Currency, PublicMerchant, SiteState } from '@kartu/contracts';
import { phoneRegionOf } from '@kartu/core';
import type { Database } from '../../db/database.ts';
import { isoDateIn } from '@kartu/core/calendar';
import { AppError } from '../../lib/app-error.ts';
import type { MerchantRow } from './merchants.table.ts';
import type { SiteRow } from './sites.table.ts';
import { findMerchantById, findMerchantTimeZones, findSiteWithMerchantByHost } from './tenancy.repository.ts';

function currencyOfRow(row: MerchantRow): Currency {
  return { code: row.currencyCode, symbol: row.currencySymbol, decimalDigits: row.currencyDecimals, thousandSeparator: row.thousandSeparator, decimalSeparator: row.decimalSeparator };
}

/**
 * Only the fields any visitor may see; everything else in the row stays on the server. A banner or
 * icon the server resized (the media module's) stands in for the static URL of the row, so that a
 * reader of bannerUrl and iconUrl alone shows it too; taking the picture away shows the static URL again.
 */
export function publicMerchantOf(row: MerchantRow, { banner, icon }: Pick<PublicMerchant, 'banner' | 'icon'>): PublicMerchant {
  return {
    id: row.id,
    mid: row.mid,
    maskedMerchantId: row.maskedMerchantId,
    appId: row.appId,
    brand: row.brand,
    iconUrl: icon?.src ?? row.iconUrl,
    imgixIconUrl: row.imgixIconUrl,
    bannerUrl: banner?.src ?? row.bannerUrl,
    banner,
    icon,
    headerColor: row.headerColor,
    buttonColor: row.buttonColor,
    buttonTextColor: row.buttonTextColor,
    countryCode: row.countryCode,
    phoneRegion: phoneRegionOf(row.countryCode),
    currency: currencyOfRow(row),
    timezone: row.timezone,
    defaultLogin: row.defaultLogin,
    acceptsBothLogins: row.acceptsBothLogins,
    support: { phone: row.supportPhone, email: row.supportEmail },
    notificationVendor: row.notificationVendor,
    uiVersion: row.uiVersion,
    homePage: {
      headerButtonColor: row.headerButtonColor,
      headerButtonTextColor: row.headerButtonTextColor,
      addCardButton: row.addCardButton,
      defaultLanguage: row.defaultLanguage,
    },
    analytics: { gaId: row.gaId, fbPixelId: row.fbPixelId },
    flags: row.flags,
  };
}

/** Host names compare case-insensitively and without a trailing dot (RFC 1034 absolute form). */
export function normalizeHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '');
}

/** The site a host serves, with its merchant (spec app-core §3 Merchant and Site). */
export async function getSiteOfHost({ db, host }: { db: Database; host: string }): Promise<{ site: SiteRow; merchant: MerchantRow }> {
  const found = await findSiteWithMerchantByHost(db, normalizeHost(host));
  if (!found) throw new AppError('SITE_NOT_FOUND');
  return found;
}

export function siteStateOf(site: SiteRow, merchant: PublicMerchant): SiteState {
  return {
    host: site.host,
    viewMode: site.viewMode,
    defaultLanguage: site.defaultLanguage,
    uiVersion: merchant.uiVersion,
    maintenance: site.maintenance,
    active: site.active,
    requireReferenceId: site.requireReferenceId,
    merchant,
    branding: brandingVariables(merchant),
  };
}

async function getMerchantRow(db: Database, id: number): Promise<MerchantRow> {
  const merchant = await findMerchantById(db, id);
  if (!merchant) throw new AppError('NOT_FOUND', { message: 'Merchant not found' });
  return merchant;
}

/**
 * The merchant of GET /api/v2/merchants/{id}, asked on its own site only. One deployment serves
 * many merchants, and a site is not where to learn which others there are: another merchant's id
 * answers as an unknown one.
 */
export async function getSiteMerchant({ db, id, siteMerchantId }: { db: Database; id: number; siteMerchantId: number }): Promise<MerchantRow> {
  if (id !== siteMerchantId) throw new AppError('NOT_FOUND', { message: 'Merchant not found' });
  return getMerchantRow(db, id);
}

export async function getMerchantCurrency({ db, id }: { db: Database; id: number }): Promise<Currency> {
  return currencyOfRow(await getMerchantRow(db, id));
}

export async function listMerchantTimeZones({ db }: { db: Database }): Promise<Array<{ merchantId: number; timeZone: string }>> {
  return findMerchantTimeZones(db);
}

/** The ISO 4217 code the merchant sells in: its products' and payments' currency. */
export async function findMerchantCurrency(db: Database, merchantId: number): Promise<string> {
  return (await getMerchantRow(db, merchantId)).currencyCode;
}

/** The date it is at `now` where the merchant is (YYYY-MM-DD): the day of daily limits and same-day voids. */
export async function merchantDayAt(db: Database, { merchantId, now }: { merchantId: number; now: Date }): Promise<string> {
  return isoDateIn(now, (await getMerchantRow(db, merchantId)).timezone);
}
