import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.tsx';
import { Link, useParams } from 'react-router';
import { LanguageSwitcher } from '../../../components/ui/language-switcher.tsx';
import { paths } from '../../../config/paths.ts';
import { useSignOut } from '../../../lib/sign-out.ts';
import { MoreIcon } from '../../../components/layout/icons.tsx';

/**
 * spec: app-core §2 Layout: on a single-card view the header menu offers change PIN, change
 * language, profile and sign out. A disclosure rather than an ARIA menu, because the language
 * choice is a form control.
 */
export function SingleCardMenu() {
  const { t } = useTranslation('cards');
  const { signOut, signingOut } = useSignOut();
  const { cardId } = useParams();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="menu-anchor">
      <button
        ref={buttonRef}
        type="button"
        className="icon-btn"
        aria-label={t('singleCard.menu')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <MoreIcon />
      </button>
      <div id={panelId} className="menu-panel" hidden={!open}>
        <Link className="menu-panel__item" to={paths.changePin.href()}>
          {t('singleCard.changePin')}
        </Link>
        <Link className="menu-panel__item" to={cardId ? paths.cardProfile.href({ cardId }) : paths.profile.href()}>
          {t('singleCard.profile')}
        </Link>
        <div className="menu-panel__item menu-panel__item--static">
          <LanguageSwitcher />
        </div>
        <button type="button" className="menu-panel__item" onClick={() => void signOut()} disabled={signingOut} aria-busy={signingOut}>
          {signingOut ? t('singleCard.signingOut') : t('singleCard.signOut')}
        </button>
      </div>
    </div>
  );
}
