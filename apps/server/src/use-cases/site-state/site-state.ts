import type { PublicMerchant, SiteState } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { getMerchantImageViews } from '../../modules/media/images.service.ts';
import { getSiteMerchant, getSiteOfHost, publicMerchantOf, siteStateOf } from '../../modules/tenancy/tenancy.service.ts';

/*
 * The site and merchant a host serves, as the web app boots from them (spec app-core §3 Merchant
 * and Site): the tenancy module's site and merchant, with the banner and icon the media module
 * resized (docs/decisions/016-merchant-images.md).
 */

/** The site state of a host; an unknown host is SITE_NOT_FOUND. */
export async function getSiteState({ db, host }: { db: Database; host: string }): Promise<SiteState> {
  const { site, merchant } = await getSiteOfHost({ db, host });
  return siteStateOf(site, publicMerchantOf(merchant, await getMerchantImageViews({ db, merchantId: merchant.id })));
}

/** GET /api/v2/merchants/{id}: the public profile of the site's own merchant. */
export async function getSiteMerchantProfile(request: { db: Database; id: number; siteMerchantId: number }): Promise<PublicMerchant> {
  const merchant = await getSiteMerchant(request);
  return publicMerchantOf(merchant, await getMerchantImageViews({ db: request.db, merchantId: merchant.id }));
}
