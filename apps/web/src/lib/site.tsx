import { createContext, use, type ReactNode } from 'react';
import type { SiteState } from '@kartu/contracts';
import { readableTextColor } from '@kartu/core';
import { DEFAULT_BUTTON_COLOR, DEFAULT_BUTTON_TEXT_COLOR } from '@kartu/core/constants';
import { api, setMerchantContext } from './api-client.ts';

/**
 * The site state answered by GET /api/site, fetched once before the router renders.
 * A plain fetch (no query cache) keeps the landing page's first load small.
 */
export async function loadSite(): Promise<SiteState> {
  const site = await api.get<SiteState>('/api/site');
  setMerchantContext({ maskedMerchantId: site.merchant.maskedMerchantId, timezone: site.merchant.timezone });
  return site;
}

/** The merchant's colours as CSS variables (spec: app-core §1: default button #F96D01 on white text). */
export function brandingVariables(site: SiteState): Record<string, string> {
  const { merchant } = site;
  return {
    '--brand-header': merchant.headerColor,
    // Merchants pick any header colour; the header's text and icons must stay legible on it.
    '--brand-header-text': readableTextColor(merchant.headerColor),
    '--brand-button': merchant.buttonColor || DEFAULT_BUTTON_COLOR,
    '--brand-button-text': merchant.buttonTextColor || DEFAULT_BUTTON_TEXT_COLOR,
    '--brand-header-button': merchant.homePage.headerButtonColor || DEFAULT_BUTTON_COLOR,
    '--brand-header-button-text': merchant.homePage.headerButtonTextColor || DEFAULT_BUTTON_TEXT_COLOR,
  };
}

export function applyBranding(site: SiteState, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(brandingVariables(site))) root.style.setProperty(name, value);
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
