import type { CardDetail } from '@kartu/contracts';
import { paths } from '../../config/paths.ts';
import type { GuardRedirect } from './guard-types.ts';

/** spec: app-core §2 Guards: a card-scoped page without a cardId goes to /cards. */
export function requireCardId(cardId: string | undefined): GuardRedirect {
  return cardId && cardId.trim() !== '' ? null : paths.cards.href();
}

/**
 * Named guard `activeSubscription` (spec: app-core §2 Guards): a card whose programType is
 * subscription and whose subscription isExpired goes to the card's own page, which says why and
 * offers renewal. The catalog pages and the subscription pages themselves stay open.
 */
export function requireActiveSubscription(card: Pick<CardDetail, 'programType' | 'subscription'>, cardId: string): GuardRedirect {
  return card.programType === 'subscription' && card.subscription?.isExpired ? paths.cardDetail.href({ cardId }) : null;
}

/**
 * A card whose program opens no shop (its visual attribute showBtnShop, spec: app-core §3 Card
 * detail) has no catalog, cart or checkout: those pages go to /feature-locked?feature=catalog. Its
 * past orders and the pickup points stay open.
 */
export function requireShop(card: Pick<CardDetail, 'visualAttributes'>): GuardRedirect {
  return card.visualAttributes.showBtnShop === true ? null : paths.featureLocked.href({ feature: 'catalog' });
}
