import { queryOptions, useQuery } from '@tanstack/react-query';
import { referralJoinAnswerSchema, referralListAnswerSchema, type ReferralJoin, type ReferralListItem, type ReferralState } from '@kartu/contracts';
import { DAY_MS } from '@kartu/core/calendar';
import { storageKeys } from '../config/storage-keys.ts';
import { api } from './api-client.ts';

/*
 * Referral pieces more than one feature needs (docs/decisions/042-referrals.md): the query keys, the
 * member's referral programs (the card page's entry, the referral page), and the invite code a
 * visitor arrived with, kept from the landing page until the sign-up that joins through it.
 */

/** Everything about one program sits under `detail(id)`, so an invite refreshes its summary and its friends together. */
export const referralKeys = {
  all: ['referrals'] as const,
  list: () => [...referralKeys.all, 'list'] as const,
  detail: (referralId: string) => [...referralKeys.all, 'detail', referralId] as const,
  friends: (referralId: string, state: ReferralState | null) => [...referralKeys.detail(referralId), 'friends', state ?? 'all'] as const,
};

/** GET /api/v2/referrals: the referral programs of the member's cards, each with the member's card. */
export async function getReferrals(signal?: AbortSignal): Promise<ReferralListItem[]> {
  return (await api.get('/api/v2/referrals', { schema: referralListAnswerSchema, signal })).data;
}

export function referralsQueryOptions() {
  return queryOptions({ queryKey: referralKeys.list(), queryFn: ({ signal }) => getReferrals(signal) });
}

/**
 * The running referral program of one card, if any (app-core §3 isHaveReferral, referralId). A
 * failed read is the same as none: the card page shows no entry and no error.
 */
export function useCardReferral(cardId: string, { enabled = true }: { enabled?: boolean } = {}): ReferralListItem | undefined {
  const { data } = useQuery({
    ...referralsQueryOptions(),
    enabled,
    select: (items) => items.find((item) => item.cardId === cardId && item.status === 'active'),
  });
  return data;
}

/** POST /api/v2/referrals/join: the new member joins through the code of the link they came by. */
export async function joinReferral(code: string): Promise<ReferralJoin> {
  return (await api.post('/api/v2/referrals/join', { body: { code }, schema: referralJoinAnswerSchema })).data;
}

// A link followed more than a week before the sign-up no longer speaks for that sign-up.
const CODE_KEPT_MS = 7 * DAY_MS;

type StoredCode = { code: string; savedAt: number };

function isStoredCode(value: unknown): value is StoredCode {
  if (typeof value !== 'object' || value === null) return false;
  const { code, savedAt } = value as Record<string, unknown>;
  return typeof code === 'string' && code !== '' && typeof savedAt === 'number';
}

/** Keeps the code of an invite link the visitor opened, until the sign-up that follows. */
export function rememberReferralCode(code: string, now = Date.now()): void {
  try {
    localStorage.setItem(storageKeys.referral, JSON.stringify({ code, savedAt: now } satisfies StoredCode));
  } catch {
    // Without storage the invite is shown but not joined: the friend can still sign up.
  }
}

/** The kept code, unless it is older than a week; null when there is none. */
export function storedReferralCode(now = Date.now()): string | null {
  try {
    const text = localStorage.getItem(storageKeys.referral);
    const stored: unknown = text ? JSON.parse(text) : null;
    if (!isStoredCode(stored)) return null;
    return now - stored.savedAt <= CODE_KEPT_MS ? stored.code : null;
  } catch {
    return null;
  }
}

export function forgetReferralCode(): void {
  try {
    localStorage.removeItem(storageKeys.referral);
  } catch {
    // Nothing was kept.
  }
}
