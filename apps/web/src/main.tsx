import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import type { Language, SiteState } from '@kartu/contracts';
import { FIRST_ANSWERS_ELEMENT_ID, SERVER_RENDER_ATTRIBUTES } from '@kartu/core/constants';
import { AppTree } from './app/app-tree.tsx';
import { BootFailure } from './app/boot-failure.tsx';
import { progress } from './components/feedback/progress-store.ts';
import { ApiError, onPendingChange } from './lib/api-client.ts';
import { keepDrawnFormState } from './lib/drawn-form-state.ts';
import { embeddedData } from './lib/embedded-data.ts';
import { importInSteps, nextTask } from './lib/next-task.ts';
import { initI18n, loadNamespaces, pickInitialLanguage, readStoredLanguage } from './lib/i18n.tsx';
import { isSignedIn } from './lib/session.ts';
import { applyBranding, loadSite } from './lib/site.tsx';
import './styles/global.css';

function rootElement(): HTMLElement {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  return container;
}

/** What the server rendered into #root, when it did: its language, the namespaces it read, whom for. */
function serverRender(container: HTMLElement): { language: string; namespaces: string[]; member: boolean } | null {
  const language = container.getAttribute(SERVER_RENDER_ATTRIBUTES.language);
  if (!language || !container.hasChildNodes()) return null;
  return {
    language,
    namespaces: (container.getAttribute(SERVER_RENDER_ATTRIBUTES.namespaces) ?? '').split(' ').filter(Boolean),
    member: container.hasAttribute(SERVER_RENDER_ATTRIBUTES.member),
  };
}

/**
 * The answers the server wrote into a member's page for its first calls, put in the query cache
 * before the first render (loaded only then: the landing page does without the query library).
 * True when the page's queries are all there, as the server drew it with them.
 */
async function fillFirstQueries(): Promise<boolean> {
  const answers = embeddedData(FIRST_ANSWERS_ELEMENT_ID);
  if (!answers || typeof answers !== 'object') return false;
  // The schema library, the wallet's page with the card schemas, the code of its first calls with
  // the session's, then the answers' checks: each in a task of its own, not one long one.
  const { fillAppQueries } = await importInSteps(
    [() => import('./lib/schema-library.ts'), () => import('./features/cards/routes/card-list-page.tsx')],
    () => import('./app/first-queries.ts'),
  );
  await nextTask();
  const { pathname, search } = window.location;
  return fillAppQueries(`${pathname}${search}`, answers as Record<string, unknown>);
}

/** A fresh render: whatever the server put in #root goes, and the app draws the page itself. */
function render(container: HTMLElement, app: ReactNode): void {
  container.replaceChildren();
  createRoot(container).render(app);
}

/** Runs `then` once the app runs its page (the ready mark, app/ready-mark.tsx). */
function whenAppReady(then: () => void): void {
  const root = document.documentElement;
  if (root.hasAttribute('data-app-ready')) return then();
  const observer = new MutationObserver(() => {
    if (!root.hasAttribute('data-app-ready')) return;
    observer.disconnect();
    then();
  });
  observer.observe(root, { attributes: true, attributeFilter: ['data-app-ready'] });
}

async function boot(): Promise<void> {
  // spec: app-core §2 Layout: pending requests show the progress bar, like page downloads.
  onPendingChange((count) => progress.setBusy('requests', count > 0));
  const container = rootElement();
  // What the visitor types into a drawn page from now until the app takes it over is kept for it.
  const giveBackDrawnFormState = keepDrawnFormState(container);
  // A stored language does not depend on the site, so its catalogue loads alongside the site state.
  const stored = readStoredLanguage();
  const catalogues = stored ? initI18n(stored) : null;
  let site: SiteState;
  try {
    site = await loadSite();
  } catch (error) {
    await (catalogues ?? initI18n(pickInitialLanguage(undefined)));
    const siteMissing = error instanceof ApiError && error.status === 404;
    void giveBackDrawnFormState();
    render(
      container,
      <StrictMode>
        <BrowserRouter>
          <BootFailure siteMissing={siteMissing} />
        </BrowserRouter>
      </StrictMode>,
    );
    return;
  }
  applyBranding(site);
  const language: Language = pickInitialLanguage(site.defaultLanguage);
  // The server draws the landing page for a visitor and the wallet for a member, in the visitor's
  // language. The app takes that page over only if it would draw the same one; otherwise it draws its own.
  const rendered = serverRender(container);
  const [, filled] = await Promise.all([catalogues ?? initI18n(language), fillFirstQueries()]);
  const hydrate = rendered !== null && rendered.language === language && rendered.member === isSignedIn() && (!rendered.member || filled);
  // Everything the drawn page reads is loaded before the app takes it over: nothing suspends mid-way.
  if (hydrate) await loadNamespaces(rendered.namespaces);
  // The drawn page stays as it is meanwhile: the take-over waits for a task of its own, so the
  // browser is free in between the code's evaluation and the hydration.
  if (hydrate) await nextTask();
  const app = <AppTree site={site} router={BrowserRouter} />;
  // As a transition, the take-over is rendered in slices that let the browser in between (a
  // blocking hydration is one long task): the page is already drawn, so nothing waits on it.
  if (hydrate) {
    whenAppReady(() => void giveBackDrawnFormState());
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    // Drawn anew: the drawn fields go, and with them what was typed into them.
    void giveBackDrawnFormState();
    render(container, app);
  }
}

void boot();
