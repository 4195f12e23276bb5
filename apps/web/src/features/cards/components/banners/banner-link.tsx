import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../../lib/i18n.tsx';

/** What a banner opens: an app page in place, an https address in a new tab (said to screen readers), or nothing. */
export function BannerLink({ link, className, onOpen, children }: { link: string | null; className: string; onOpen?: () => void; children: ReactNode }) {
  const { t } = useTranslation('common');
  if (link === null) return <div className={className}>{children}</div>;
  if (link.startsWith('/')) {
    return (
      <Link className={className} to={link} onClick={onOpen}>
        {children}
      </Link>
    );
  }
  return (
    <a className={className} href={link} target="_blank" rel="noopener noreferrer" onClick={onOpen}>
      {children}
      <span className="visually-hidden"> {t('support.opensInNewTab')}</span>
    </a>
  );
}
