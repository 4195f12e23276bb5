import { paths } from '../../config/paths.ts';
import type { GuardRedirect } from './guard-types.ts';

/** spec: app-core §2 Guards: a card-scoped page without a cardId goes to /cards. */
export function requireCardId(cardId: string | undefined): GuardRedirect {
  return cardId && cardId.trim() !== '' ? null : paths.cards.href();
}
