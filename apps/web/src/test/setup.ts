import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { initI18n } from '../lib/i18n.tsx';
import { clearSession } from '../lib/session.ts';
import { installModalDialogs } from './modal-dialog.test-support.ts';

installModalDialogs();

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
});
