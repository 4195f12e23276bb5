import { createContext, use, type ReactNode } from 'react';
import type { SiteState } from '@kartu/contracts';
import { SITE_STATE_ELEMENT_ID } from '@kartu/core/constants';
import { api, setMerchantContext } from './api-client.ts';
import { embeddedData } from './embedded-data.ts';

/** The site state the server wrote into the page (absent when it could not tell the site). */
function embeddedSite(): SiteState | null {
  const site = embeddedData(SITE_STATE_ELEMENT_ID) as SiteState | null;
  return site && typeof site === 'object' && site.merchant ? site : null;
}

/**
 * The site state, once, before the router renders: as the server wrote it into the page, else
 * as GET /api/site answers it (a page served without it, or an unknown host, whose 404 the boot
 * shows). A plain fetch (no query cache) keeps the landing page's first load small.
 */
export async function loadSite(): Promise<SiteState> {
  const site = embeddedSite() ?? (await api.get<SiteState>('/api/site'));
  setMerchantContext({ maskedMerchantId: site.merchant.maskedMerchantId, timezone: site.merchant.timezone });
  return site;
}

export function applyBranding(site: SiteState, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(site.branding)) root.style.setProperty(name, value);
  document.title = site.merchant.brand;
}

const SiteContext = createContext<SiteState | null>(null);

export function SiteProvider({ site, children }: { site: SiteState; children: ReactNode }) {
  return <SiteContext value={site}>{children}</SiteContext>;
}

export function useSite(): SiteState {
  const site = use(SiteContext);
  if (!site) throw new Error('useSite must be used inside SiteProvider');
  return site;
}
