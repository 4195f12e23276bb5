import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.tsx';
import type { CardDetail, HighlightedMenu } from '@kartu/contracts';
import { GiftIcon, HistoryIcon, Icon, LevelsIcon, TransferIcon } from '../../../components/layout/icons.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { List, MenuRow } from '../../../components/ui/list-row.tsx';
import { paths } from '../../../config/paths.ts';
import { useHasCardMissions } from '../../../lib/missions.ts';
import { useHasCardPrivileges } from '../../../lib/privileges.ts';
import { useCardReferral } from '../../../lib/referrals.ts';
import { useSite } from '../../../lib/site.tsx';
import { useHasCardTargets } from '../../../lib/targets.ts';
import { cardMenuItems, type CardMenuPage } from '../card-menu-items.ts';

const pathOf: Record<CardMenuPage, { href: (params: { cardId: string }) => string }> = {
  'transaction-history': paths.cardTransactionHistory,
  'transfer-point': paths.cardTransferPoint,
  'claim-rewards': paths.cardClaimRewards,
  levels: paths.cardLevels,
  'scan-to-earn': paths.cardScanToEarn,
  'scan-receipt': { href: ({ cardId }) => paths.cardScanReceipt.href({ cardId }) },
  'scan-qris': paths.cardScanQris,
  bills: paths.cardBills,
};

const ScanIcon = () => <Icon><path d="M4 8V5a1 1 0 011-1h3M16 4h3a1 1 0 011 1v3M20 16v3a1 1 0 01-1 1h-3M8 20H5a1 1 0 01-1-1v-3M7 12h10" /></Icon>;
const ReceiptIcon = () => <Icon><path d="M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h3" /></Icon>;
const BillIcon = () => <Icon><path d="M13 2L4 14h7l-1 8 9-12h-7z" /></Icon>;
const QrisIcon = () => <Icon><path d="M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2zM14 18h2M18 14h2" /></Icon>;

const iconOf: Record<CardMenuPage, ReactNode> = {
  'transaction-history': <HistoryIcon />,
  'transfer-point': <TransferIcon />,
  'claim-rewards': <GiftIcon />,
  levels: <LevelsIcon />,
  'scan-to-earn': <ScanIcon />,
  'scan-receipt': <ReceiptIcon />,
  'scan-qris': <QrisIcon />,
  bills: <BillIcon />,
};

/** The entries a merchant may highlight (app-core §9 per-merchant flags: highlighted menus); claiming points is sending a receipt. */
const highlightOf: Partial<Record<CardMenuPage | 'targets', HighlightedMenu>> = {
  'transfer-point': 'transferPoint',
  targets: 'targetAchievement',
  'scan-qris': 'scanQris',
  'scan-receipt': 'claimPoint',
};

const ReferIcon = () => <Icon><circle cx="9" cy="8" r="4" /><path d="M2 21v-1a7 7 0 0114 0v1M19 8v6M16 11h6" /></Icon>;
const MissionIcon = () => <Icon><path d="M5 21V4M5 4h13l-3 4.5 3 4.5H5" /></Icon>;
const PerkIcon = () => <Icon><path d="M4 7h16v3a2 2 0 000 4v3H4v-3a2 2 0 000-4zM14 7v2M14 11v2M14 15v2" /></Icon>;
const TargetIcon = () => <Icon><circle cx="12" cy="12" r="9" /><circle cx="12" cy="12" r="5" /><circle cx="12" cy="12" r="1" /></Icon>;

/**
 * The card's pages, in the program's order, as the card's visual attributes allow; then 'Missions'
 * while the card has a mission, running or in its history (app-core §2 mission-activities), 'Perks'
 * while its program offers a perk, open or not (app-core §2 privileges), 'Targets' while it has a target running (app-core §2 target-achievement), and 'Refer friends'
 * while a referral program of the card runs (app-core §3 isHaveReferral, referralId).
 */
export function CardMenu({ card }: { card: Pick<CardDetail, 'id' | 'menus' | 'visualAttributes' | 'claimableRewards'> }) {
  const { t } = useTranslation('cards');
  // Missions, perks, targets and referral have pages in the v1 interface only: a v2 card offers no way to them yet.
  const site = useSite();
  const v1 = site.uiVersion !== 'v2';
  const items = cardMenuItems(card, { v2: !v1 });
  const highlighted = new Set(site.merchant.flags.highlightedMenus);
  /** A highlighted entry carries the merchant's "Featured" tag, read with its name. */
  const featured = (entry: CardMenuPage | 'targets', title: string) =>
    highlightOf[entry] && highlighted.has(highlightOf[entry])
      ? {
          'aria-label': `${title}, ${t('menu.featured')}`,
          trailing: (
            <span aria-hidden="true">
              <Badge tone="brand">{t('menu.featured')}</Badge>
            </span>
          ),
        }
      : {};
  const referral = useCardReferral(card.id, { enabled: v1 });
  const hasMissions = useHasCardMissions(card.id, { enabled: v1 });
  const hasPrivileges = useHasCardPrivileges(card.id, { enabled: v1 });
  const hasTargets = useHasCardTargets(card.id, { enabled: v1 });
  if (items.length === 0 && !referral && !hasMissions && !hasPrivileges && !hasTargets) return null;
  return (
    <nav aria-label={t('menu.label')}>
      <List className="card-menu">
        {items.map((item) => {
          const badge = item === 'claim-rewards' && card.claimableRewards > 0 ? card.claimableRewards : null;
          return (
            <li key={item}>
              <MenuRow
                {...featured(item, t(`menu.${item}`))}
                to={pathOf[item].href({ cardId: card.id })}
                leading={iconOf[item]}
                title={t(`menu.${item}`)}
                {...(badge === null
                  ? {}
                  : {
                      'aria-label': `${t(`menu.${item}`)}, ${t('menu.claimable', { count: badge })}`,
                      trailing: (
                        <span aria-hidden="true">
                          <Badge tone="danger">{badge}</Badge>
                        </span>
                      ),
                    })}
              />
            </li>
          );
        })}
        {hasMissions ? (
          <li>
            <MenuRow to={paths.cardMissions.href({ cardId: card.id })} leading={<MissionIcon />} title={t('menu.missions')} />
          </li>
        ) : null}
        {hasPrivileges ? (
          <li>
            <MenuRow to={paths.cardPrivileges.href({ cardId: card.id })} leading={<PerkIcon />} title={t('menu.perks')} />
          </li>
        ) : null}
        {hasTargets ? (
          <li>
            <MenuRow {...featured('targets', t('menu.targets'))} to={paths.cardTargets.href({ cardId: card.id })} leading={<TargetIcon />} title={t('menu.targets')} />
          </li>
        ) : null}
        {referral ? (
          <li>
            <MenuRow to={paths.cardReferral.href({ cardId: card.id, id: referral.id })} leading={<ReferIcon />} title={t('menu.referral')} />
          </li>
        ) : null}
      </List>
    </nav>
  );
}
