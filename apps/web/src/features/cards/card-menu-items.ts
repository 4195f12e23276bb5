import type { CardDetail } from '@kartu/contracts';

/** The card sub-pages this app has, with the visual attribute each one needs (spec: app-core §6). */
export const cardMenuPages = {
  'transaction-history': 'showTransactionHistory',
  'transfer-point': 'showTransferPoint',
  'claim-rewards': 'showClaimRewards',
  levels: 'showLevels',
  'scan-to-earn': 'showScanToEarn',
  'scan-receipt': 'showScanReceipt',
  'scan-qris': 'showScanQris',
  bills: 'showBills',
} as const;

export type CardMenuPage = keyof typeof cardMenuPages;

function isCardMenuPage(menu: string): menu is CardMenuPage {
  return Object.hasOwn(cardMenuPages, menu);
}

/** Receipts, QRIS and bills have pages in the v1 interface only (decisions 046 and 047). */
const v1OnlyPages: ReadonlySet<CardMenuPage> = new Set(['scan-receipt', 'scan-qris', 'bills']);

/**
 * The card's menu in the program's order: only pages that exist here and that the card's visual
 * attributes switch on (spec: app-core §2 Guards: a page needing a missing attribute is closed).
 */
export function cardMenuItems(card: Pick<CardDetail, 'menus' | 'visualAttributes'>, { v2 = false }: { v2?: boolean } = {}): CardMenuPage[] {
  const items = card.menus
    .filter(isCardMenuPage)
    .filter((menu) => card.visualAttributes[cardMenuPages[menu]] === true)
    .filter((menu) => !v2 || !v1OnlyPages.has(menu));
  return [...new Set(items)];
}

/** spec: app-core §4: a card that is not active hides the shop button. */
export function showsShopButton(card: Pick<CardDetail, 'isCardActive' | 'visualAttributes'>): boolean {
  return card.isCardActive && card.visualAttributes.showBtnShop === true;
}
