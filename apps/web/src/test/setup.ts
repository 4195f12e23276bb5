import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { initI18n } from '../lib/i18n.tsx';
import { clearSession } from '../lib/session.ts';
import { installModalDialogs } from './modal-dialog.test-support.ts';
import { toast } from '../components/feedback/toast-store.ts';

installModalDialogs();
// jsdom lays nothing out, so it has no scrolling to do (and says "Not implemented" when asked).
window.scrollTo = () => undefined;

// A page behind a lazy route is compiled on its first visit in a test run, which takes seconds on a
// busy machine; findBy and waitFor wait that long before they call the page missing.
configure({ asyncUtilTimeout: 5_000 });

// English catalogues bundled eagerly, so every test renders real text without waiting.
const english = import.meta.glob<{ default: Record<string, unknown> }>('../locales/en/*.json', { eager: true });
const resources: Record<string, Record<string, unknown>> = {};
for (const [path, module] of Object.entries(english)) {
  const namespace = path.replace(/^.*\/(\w+)\.json$/, '$1');
  resources[namespace] = module.default;
}

await initI18n('en', { en: resources });

afterEach(() => {
  cleanup();
  clearSession();
  localStorage.clear();
  sessionStorage.clear();
  toast.clear();
});

// The files of a worker share their modules and their window (vitest.config.ts): what a file
// replaced for its own tests goes back before the next file.
afterAll(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
