import type { ChangeEvent, ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import { UNREAD_BADGE_CAP } from '@kartu/core/constants';
import { BackIcon, ClearIcon, HistoryIcon, InboxIcon, QrIcon, SearchIcon, SettingsIcon, SortIcon } from './icons.tsx';
import { useScrollVariant, type HeaderKind } from './use-scroll-variant.ts';
import './layout.css';

export interface HeaderSearch {
  value: string;
  onChange: (value: string) => void;
  onSort?: () => void;
}

export interface HeaderInbox {
  unread: number;
  onOpen: () => void;
}

export interface HeaderProps {
  title?: string;
  subtitle?: string;
  kind?: HeaderKind;
  onBack?: () => void;
  search?: HeaderSearch;
  onQr?: () => void;
  /** Shows the inbox icon; the badge appears when the count is above 0. */
  inbox?: HeaderInbox;
  onSettings?: () => void;
  /** The history icon on reward pages. */
  onHistory?: () => void;
  /** A page's own icon buttons or links, after the others (the shop's cart). */
  actions?: ReactNode;
}

/** spec: app-core §2 Layout: badge shows the count, or 99+ above 99. */
export function unreadBadgeText(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(unread);
}

/** The inbox icon with its unread badge; the count is said in the button's name, the badge is only drawn. */
export function InboxButton({ unread, onOpen }: HeaderInbox) {
  const { t } = useTranslation();
  const badge = unreadBadgeText(unread);
  return (
    <button type="button" className="icon-btn" aria-label={badge ? t('header.inboxUnread', { count: unread }) : t('header.inbox')} onClick={onOpen}>
      <InboxIcon />
      {badge && <span className="icon-btn__count" aria-hidden="true">{badge}</span>}
    </button>
  );
}

export function Header({ title, subtitle, kind = 'default', onBack, search, onQr, inbox, onSettings, onHistory, actions }: HeaderProps) {
  const { t } = useTranslation();
  const variant = useScrollVariant(kind);

  return (
    <header className={`app-header app-header-${variant}`} data-variant={variant}>
      <div className="app-header-bar">
        {onBack && (
          <button type="button" className="icon-btn" aria-label={t('header.back')} onClick={onBack}>
            <BackIcon />
          </button>
        )}
        <div className="app-header-titles">
          {title && <h1 className="app-header-title">{title}</h1>}
          {subtitle && <p className="app-header-subtitle">{subtitle}</p>}
        </div>
        <div className="app-header-actions">
          {onQr && (
            <button type="button" className="icon-btn" aria-label={t('header.showQr')} onClick={onQr}>
              <QrIcon />
            </button>
          )}
          {onHistory && (
            <button type="button" className="icon-btn" aria-label={t('header.history')} onClick={onHistory}>
              <HistoryIcon />
            </button>
          )}
          {inbox && <InboxButton {...inbox} />}
          {onSettings && (
            <button type="button" className="icon-btn" aria-label={t('header.settings')} onClick={onSettings}>
              <SettingsIcon />
            </button>
          )}
          {actions}
        </div>
      </div>
      {search && (
        <div className="app-header-search" role="search">
          <label className="search-box">
            <SearchIcon />
            <input
              type="search"
              value={search.value}
              placeholder={t('header.searchPlaceholder')}
              aria-label={t('header.search')}
              onChange={(event: ChangeEvent<HTMLInputElement>) => search.onChange(event.target.value)}
            />
          </label>
          {search.value !== '' && (
            <button type="button" className="icon-btn" aria-label={t('header.clearSearch')} onClick={() => search.onChange('')}>
              <ClearIcon />
            </button>
          )}
          {search.onSort && (
            <button type="button" className="icon-btn" aria-label={t('header.sort')} onClick={search.onSort}>
              <SortIcon />
            </button>
          )}
        </div>
      )}
    </header>
  );
}
