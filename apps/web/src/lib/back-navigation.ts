import { useCallback } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '../config/paths.ts';

/** Route names the back rule knows; the page passes its own to useBackNavigation. */
export type BackRouteName = 'reward-detail' | 'egifts-egiftId' | 'card-detail';

export interface BackContext {
  routeName: string | undefined;
  cardId: string | undefined;
  query: URLSearchParams;
  hasBackListener: boolean;
  hasHistory: boolean;
}

export type BackDecision = { kind: 'navigate'; to: string } | { kind: 'emit' } | { kind: 'history' };

/** spec: app-core §2 Back button behaviour. */
export function decideBack(context: BackContext): BackDecision {
  const { routeName, cardId } = context;
  if (routeName === 'reward-detail' && cardId) return { kind: 'navigate', to: paths.cardDetail.href({ cardId }) };
  if (routeName === 'egifts-egiftId' && cardId && context.query.has('recentlyPurchased')) {
    return { kind: 'navigate', to: paths.cardVouchers.href({ cardId }) };
  }
  if (routeName === 'card-detail') return { kind: 'navigate', to: paths.cards.href() };
  if (context.hasBackListener) return { kind: 'emit' };
  return context.hasHistory ? { kind: 'history' } : { kind: 'navigate', to: paths.home.href() };
}

const backListeners = new Set<() => void>();

/** A page (or the native app bridge) that handles back itself, e.g. to close a step of a flow. */
export function onBack(listener: () => void): () => void {
  backListeners.add(listener);
  return () => backListeners.delete(listener);
}

function hasHistoryEntry(): boolean {
  // The router numbers its history entries; 0 means this tab opened on the current page.
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && typeof state.idx === 'number' && state.idx > 0;
}

/**
 * The header's back action for the current page; `routeName` when the page has its own back rule,
 * `ofCard` when the page is about a card its address does not name (a voucher's page).
 */
export function useBackNavigation(routeName?: BackRouteName, ofCard?: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const params = useParams();
  const cardId = params.cardId ?? ofCard;
  return useCallback(() => {
    const decision = decideBack({
      routeName,
      cardId,
      query: new URLSearchParams(location.search),
      hasBackListener: backListeners.size > 0,
      hasHistory: hasHistoryEntry(),
    });
    if (decision.kind === 'navigate') void navigate(decision.to);
    else if (decision.kind === 'history') void navigate(-1);
    else for (const listener of backListeners) listener();
  }, [routeName, cardId, location.search, navigate]);
}
