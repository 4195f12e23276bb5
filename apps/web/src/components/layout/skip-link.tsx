import type { MouseEvent } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import './layout.css';

/** Moves focus to the page's main landmark (every page's `<main id="main">`), made focusable for it. */
function focusMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById('main');
  if (!main) return;
  event.preventDefault();
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  main.focus();
}

/** The first thing a keyboard reaches on every page: a link past the header to the page's content. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href="#main" onClick={focusMain}>
      {t('header.skipToContent')}
    </a>
  );
}
