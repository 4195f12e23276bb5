import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import type { SiteState } from '@kartu/contracts';
import { AppRoutes } from './app/routes.tsx';
import { BootFailure } from './app/boot-failure.tsx';
import { UnauthorizedRedirect } from './app/unauthorized-redirect.tsx';
import { DeferredFeedback } from './components/feedback/deferred-feedback.tsx';
import { progress } from './components/feedback/progress-store.ts';
import { ApiError, onPendingChange } from './lib/api-client.ts';
import { initI18n, pickInitialLanguage, readStoredLanguage } from './lib/i18n.ts';
import { applyBranding, loadSite, SiteProvider } from './lib/site.tsx';
import './styles/global.css';

function render(app: ReactNode): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  createRoot(container).render(<StrictMode>{app}</StrictMode>);
}

async function boot(): Promise<void> {
  // spec: app-core §2 Layout: pending requests show the progress bar, like page downloads.
  onPendingChange((count) => progress.setBusy('requests', count > 0));
  // A stored language does not depend on the site, so its catalogue loads alongside /api/site.
  const stored = readStoredLanguage();
  const catalogues = stored ? initI18n(stored) : null;
  let site: SiteState;
  try {
    site = await loadSite();
  } catch (error) {
    await (catalogues ?? initI18n(pickInitialLanguage(undefined)));
    const siteMissing = error instanceof ApiError && error.status === 404;
    render(
      <BrowserRouter>
        <BootFailure siteMissing={siteMissing} />
      </BrowserRouter>,
    );
    return;
  }
  applyBranding(site);
  await (catalogues ?? initI18n(pickInitialLanguage(site.defaultLanguage)));
  render(
    <SiteProvider site={site}>
      <BrowserRouter>
        <UnauthorizedRedirect />
        <AppRoutes />
      </BrowserRouter>
      <DeferredFeedback />
    </SiteProvider>,
  );
}

void boot();
