import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import type { SiteState } from '@kartu/contracts';
import { createBootFailureRouter } from './app/boot-failure.tsx';
import { createAppRouter } from './app/router.tsx';
import { ProgressBar } from './components/feedback/progress-bar.tsx';
import { Toaster } from './components/feedback/toaster.tsx';
import { ApiError } from './lib/api-client.ts';
import { initI18n, pickInitialLanguage, preloadI18next, readStoredLanguage } from './lib/i18n.ts';
import { applyBranding, loadSite, SiteProvider } from './lib/site.tsx';
import './styles/global.css';

function render(app: ReactNode): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  createRoot(container).render(<StrictMode>{app}</StrictMode>);
}

async function boot(): Promise<void> {
  // A stored language does not depend on the site, so its catalogue loads alongside /api/site.
  void preloadI18next();
  const stored = readStoredLanguage();
  const catalogues = stored ? initI18n(stored) : null;
  let site: SiteState;
  try {
    site = await loadSite();
  } catch (error) {
    await (catalogues ?? initI18n(pickInitialLanguage(undefined)));
    const siteMissing = error instanceof ApiError && error.status === 404;
    render(<RouterProvider router={createBootFailureRouter(siteMissing)} />);
    return;
  }
  applyBranding(site);
  await (catalogues ?? initI18n(pickInitialLanguage(site.defaultLanguage)));
  render(
    <SiteProvider site={site}>
      <RouterProvider router={createAppRouter(site)} />
      <Toaster />
      <ProgressBar />
    </SiteProvider>,
  );
}

void boot();
