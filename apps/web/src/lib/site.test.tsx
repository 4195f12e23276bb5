import { afterEach, describe, it, expect, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { applyBranding, loadSite, SiteProvider, useSite } from './site.tsx';
import { testSite } from '../test/site.test-support.ts';

afterEach(() => vi.unstubAllGlobals());

describe('site', () => {
  it('applies the merchant colours as CSS variables, legible ones, and names the document', () => {
    const site = testSite({ merchant: { brand: 'Teh Manis', headerColor: '#112233', buttonColor: '#445566', buttonTextColor: '#ffffff' } });
    applyBranding(site);
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--brand-header')).toBe('#112233');
    expect(style.getPropertyValue('--brand-button')).toBe('#445566');
    expect(style.getPropertyValue('--brand-button-text')).toBe('#ffffff');
    expect(style.getPropertyValue('--brand-accent')).toBe('#445566');
    // The spec's default orange under white text, shaded to pass AA.
    expect(style.getPropertyValue('--brand-header-button')).toBe('#c25501');
    expect(style.getPropertyValue('--brand-header-button-text')).toBe('#ffffff');
    expect(document.title).toBe('Teh Manis');
  });

  it('picks a header text colour that stays legible on the merchant header', () => {
    applyBranding(testSite({ merchant: { headerColor: '#4B2E1E' } }));
    expect(document.documentElement.style.getPropertyValue('--brand-header-text')).toBe('#ffffff');
    applyBranding(testSite({ merchant: { headerColor: '#F7E9A0' } }));
    expect(document.documentElement.style.getPropertyValue('--brand-header-text')).toBe('#1f1f1f');
  });

  it('boots from /api/site and names the merchant on later calls', async () => {
    const site = testSite({ merchant: { maskedMerchantId: 'mX9' } });
    const fetchMock = vi.fn<typeof fetch>().mockImplementation(() => Promise.resolve(Response.json(site)));
    vi.stubGlobal('fetch', fetchMock);
    await expect(loadSite()).resolves.toEqual(site);
    await loadSite();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/site');
    expect(new Headers(fetchMock.mock.calls[1]?.[1]?.headers).get('x-merchant-id')).toBe('mX9');
  });

  it('boots from the site state the server wrote into the page, without asking for it', async () => {
    const site = testSite({ merchant: { brand: 'Teh Manis', maskedMerchantId: 'mE1' } });
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'kartu-site';
    element.textContent = JSON.stringify(site);
    document.head.append(element);
    const fetchMock = vi.fn<typeof fetch>().mockImplementation(() => Promise.resolve(Response.json({})));
    vi.stubGlobal('fetch', fetchMock);
    try {
      await expect(loadSite()).resolves.toEqual(site);
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      element.remove();
    }
  });

  it('asks /api/site when the page holds no readable site state', async () => {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'kartu-site';
    element.textContent = '{not json';
    document.head.append(element);
    const site = testSite();
    const fetchMock = vi.fn<typeof fetch>().mockImplementation(() => Promise.resolve(Response.json(site)));
    vi.stubGlobal('fetch', fetchMock);
    try {
      await expect(loadSite()).resolves.toEqual(site);
      expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/site');
    } finally {
      element.remove();
    }
  });

  it('gives the booted site to components', () => {
    const site = testSite();
    const wrapper = ({ children }: { children: ReactNode }) => <SiteProvider site={site}>{children}</SiteProvider>;
    const { result } = renderHook(() => useSite(), { wrapper });
    expect(result.current.merchant.brand).toBe('Kopi Senja');
  });
});
