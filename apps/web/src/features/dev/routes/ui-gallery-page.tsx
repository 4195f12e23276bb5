import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { brandingVariables, type BrandColours } from '@kartu/core';
import { SUPPORTED_LANGUAGES } from '@kartu/core/constants';
import type { Language } from '@kartu/contracts';
import { GiftIcon, HistoryIcon, KeyIcon, MoreIcon, SignOutIcon, TrashIcon } from '../../../components/layout/icons.tsx';
import { Amount, BalanceDisplay } from '../../../components/ui/amount.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { BottomSheet } from '../../../components/ui/bottom-sheet.tsx';
import { List, ListRow, MenuRow } from '../../../components/ui/list-row.tsx';
import { PopupMenu } from '../../../components/ui/popup-menu.tsx';
import { Tabs, tabId, tabPanelId } from '../../../components/ui/tabs.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CardFace } from '../../../components/ui/card-face.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import {
  ArchiveIllustration,
  GiftIllustration,
  HiddenIllustration,
  PodiumIllustration,
  ReceiptIllustration,
  WalletIllustration,
} from '../../../components/ui/empty-illustrations.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx';
import { createTranslator, I18nProvider, useTranslation } from '../../../lib/i18n.tsx';
import { useSite } from '../../../lib/site.tsx';
import type { Translator } from '../../../lib/translator.ts';
import './ui-gallery.css';

/**
 * The palettes the gallery draws every component in: this site's own, the other demo merchants'
 * (as the seed sets them), and two that fail AA as chosen, to show the shading at work.
 */
const palettes: { name: string; colours: BrandColours }[] = [
  { name: 'Kopi Senja', colours: palette('#4B2E1E', '#F96D01', '#FFFFFF') },
  { name: 'Lumina Beauty', colours: palette('#5B2A4E', '#D63A7A', '#FFFFFF') },
  { name: 'Haze Manila', colours: palette('#1F2A37', '#14B8A6', '#FFFFFF') },
  { name: 'White on pale yellow', colours: palette('#FFF59D', '#FFF59D', '#FFFFFF') },
  { name: 'Mid grey', colours: palette('#777777', '#777777', '#1F1F1F') },
];

function palette(headerColor: string, buttonColor: string, buttonTextColor: string): BrandColours {
  return { headerColor, buttonColor, buttonTextColor, homePage: { headerButtonColor: buttonColor, headerButtonTextColor: buttonTextColor } };
}

const galleryNamespaces = ['common', 'cards', 'auth', 'account'];

/** One translator per language, each with the catalogues the samples read. */
function useTranslators(): Record<Language, Translator> | null {
  const [translators, setTranslators] = useState<Record<Language, Translator> | null>(null);
  useEffect(() => {
    let live = true;
    const made = SUPPORTED_LANGUAGES.map((language) => [language, createTranslator(language)] as const);
    void Promise.all(made.map(([, translator]) => translator.load(galleryNamespaces))).then(() => {
      if (live) setTranslators(Object.fromEntries(made) as Record<Language, Translator>);
    });
    return () => {
      live = false;
    };
  }, []);
  return translators;
}

/**
 * Development only (the server answers 404 for /dev/ in production): every shared component in
 * each demo brand and each language, with the app's real strings, so new pages are built from
 * what is here and long translations are seen before a member sees them.
 */
export function UiGalleryPage() {
  const site = useSite();
  const translators = useTranslators();
  const all = [{ name: `${site.merchant.brand} (this site)`, colours: site.merchant }, ...palettes];
  return (
    <main id="main" className="ui-gallery">
      <h1>Components</h1>
      <p className="muted">Each shared component in each brand and language. Interface {site.uiVersion}.</p>
      {translators === null ? (
        <LoadingRegion label="Loading the catalogues">
          <Skeleton shape="block" height="320px" />
        </LoadingRegion>
      ) : (
        all.map(({ name, colours }, brandIndex) => (
          <section key={name} className="ui-gallery__brand" style={brandingVariables(colours) as CSSProperties} aria-label={name}>
            <h2>{name}</h2>
            {SUPPORTED_LANGUAGES.map((language) => (
              <I18nProvider key={language} translator={translators[language]}>
                <Samples language={language} brand={name} idPrefix={`gallery-${brandIndex}-${language}`} />
              </I18nProvider>
            ))}
          </section>
        ))
      )}
    </main>
  );
}

function Row({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="ui-gallery__row">
      <h4>{title}</h4>
      <div className="ui-gallery__items">{children}</div>
    </div>
  );
}

const views = ['active', 'hidden', 'archived'] as const;

function Samples({ language, brand, idPrefix }: { language: Language; brand: string; idPrefix: string }) {
  const { t } = useTranslation('cards');
  const { t: account } = useTranslation('account');
  const { t: auth } = useTranslation('auth');
  const { currency } = useSite().merchant;
  const [confirming, setConfirming] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [view, setView] = useState<(typeof views)[number]>('active');
  const direction = { in: t('activity.direction.in'), out: t('activity.direction.out'), none: t('activity.direction.none') };
  return (
    <div className="ui-gallery__language" lang={language}>
      <h3>{language}</h3>
      <Row title="Button">
        <Button>{t('add.confirm')}</Button>
        <Button variant="secondary">{t('add.otherNumber')}</Button>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          {account('accountDeletion.request')}
        </Button>
        <Button variant="link">{auth('signIn.usePhone')}</Button>
        <Button loading>{t('add.confirm')}</Button>
        <Button disabled>{t('add.confirm')}</Button>
      </Row>
      <Row title="Badge">
        <Badge colour="#B87333">Bronze</Badge>
        <Badge colour="#A7A9AC">Silver</Badge>
        <Badge colour="#D4AF37">Gold</Badge>
        <Badge tone="brand">12</Badge>
        <Badge tone="success">{t('status.active')}</Badge>
        <Badge tone="danger">{t('status.suspended')}</Badge>
      </Row>
      <Row title="Card face">
        <div className="card-tile card-tile--preview">
          <CardFace
            brand={brand}
            programName={t('add.title')}
            balance="12.345 Pts"
            balanceLabel={t('list.balance')}
            number="6001010000000013"
            numberLabel={t('list.cardNumber')}
            badges={<Badge colour="#A7A9AC">Silver</Badge>}
          />
        </div>
      </Row>
      <Row title="Tabs">
        <div className="ui-gallery__panel">
          <Tabs
            label={t('list.views')}
            idPrefix={`${idPrefix}-tabs`}
            items={views.map((item) => ({ value: item, label: t(`list.view.${item}`) }))}
            value={view}
            onChange={setView}
          />
          <div role="tabpanel" id={tabPanelId(`${idPrefix}-tabs`, view)} aria-labelledby={tabId(`${idPrefix}-tabs`, view)} className="ui-gallery__tab-panel">
            {t(`list.view.${view}`)}
          </div>
        </div>
      </Row>
      <Row title="Menu rows and list rows">
        <div className="ui-gallery__panel">
          <List aria-label={account('settings.title')}>
            <li>
              <MenuRow to="#" leading={<KeyIcon />} title={account('settings.changePin')} subtitle={account('settings.changePinHint')} />
            </li>
            <li>
              <MenuRow to="#" leading={<GiftIcon />} title={t('menu.claim-rewards')} trailing={<Badge tone="danger">3</Badge>} />
            </li>
            <li>
              <MenuRow onClick={() => undefined} leading={<SignOutIcon />} title={account('settings.signOut')} />
            </li>
            <li>
              <MenuRow onClick={() => undefined} busy leading={<SignOutIcon />} title={account('settings.signingOut')} />
            </li>
            <li>
              <MenuRow to="#" tone="danger" leading={<TrashIcon />} title={account('settings.deleteAccount')} subtitle={account('settings.deleteAccountHint')} />
            </li>
          </List>
        </div>
        <div className="ui-gallery__panel ui-gallery__panel--tinted">
          <List variant="cards" aria-label={t('activity.history.title')}>
            <li>
              <ListRow
                to="#"
                leading={<HistoryIcon />}
                title={t('activity.kind.earn')}
                subtitle={brand}
                meta="09:41"
                trailing={<Amount amount={1250} unit="POINT" currency={currency} signed={direction} />}
              />
            </li>
            <li>
              <ListRow
                to="#"
                leading={<HistoryIcon />}
                title={t('activity.kind.transferOut', { name: 'Sari Wulandari' })}
                meta="18:05"
                trailing={<Amount amount={-300} unit="POINT" currency={currency} signed={direction} />}
              />
            </li>
          </List>
        </div>
      </Row>
      <Row title="Balance and money">
        <div className="ui-gallery__panel">
          <BalanceDisplay label={t('detail.balanceLabel.POINT')} labelId={`${idPrefix}-balance`} balance={{ amount: 12345, unit: 'POINT' }} currency={currency}>
            <p className="balance-display__note balance-display__note--warning">
              {t('detail.expiringSoon', { amount: '500 Pts', date: '31 Dec 2026' })}
            </p>
          </BalanceDisplay>
        </div>
        <p className="ui-gallery__amounts">
          <Amount amount={2500000} unit="CASH" currency={currency} /> <Amount amount={6} unit="STAMP" currency={currency} />{' '}
          <Amount amount={50} unit="POINT" currency={currency} signed />
        </p>
      </Row>
      <Row title="Bottom sheet and menus">
        <Button variant="secondary" onClick={() => setSheetOpen(true)}>
          {auth('region.title')}
        </Button>
        <PopupMenu
          label={t('list.actionsFor', { program: brand })}
          icon={<MoreIcon />}
          items={(['hide', 'archive'] as const).map((action) => ({ label: t(`list.actions.${action}`), onSelect: () => undefined }))}
        />
      </Row>
      <Row title="Empty state">
        <EmptyState headingLevel={3} illustration={<WalletIllustration />} title={t('list.empty.active.title')} message={t('list.empty.active.message', { brand })} />
        <EmptyState headingLevel={3} illustration={<HiddenIllustration />} title={t('list.empty.hidden.title')} />
        <EmptyState headingLevel={3} illustration={<ArchiveIllustration />} title={t('list.empty.archived.title')} />
        <EmptyState headingLevel={3} illustration={<ReceiptIllustration />} title={t('activity.history.emptyTitle')} />
        <EmptyState headingLevel={3} illustration={<GiftIllustration />} title={t('activity.rewards.emptyTitle')} />
        <EmptyState headingLevel={3} illustration={<PodiumIllustration />} title={t('activity.levels.emptyTitle')} />
      </Row>
      <Row title="Skeleton">
        <div className="ui-gallery__skeleton" aria-hidden="true">
          <Skeleton shape="circle" width="40px" height="40px" />
          <Skeleton width="60%" />
          <Skeleton shape="block" height="64px" />
        </div>
      </Row>
      {sheetOpen ? (
        <BottomSheet title={auth('region.title')} closeLabel={auth('region.close')} onClose={() => setSheetOpen(false)}>
          <List>
            {['Indonesia', 'Malaysia', '日本'].map((name) => (
              <li key={name}>
                <ListRow onClick={() => setSheetOpen(false)} title={name} />
              </li>
            ))}
          </List>
        </BottomSheet>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={account('accountDeletion.confirmTitle')}
          message={account('accountDeletion.confirmMessage')}
          confirmLabel={account('accountDeletion.confirm')}
          cancelLabel={account('accountDeletion.cancel')}
          onConfirm={() => setConfirming(false)}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}
