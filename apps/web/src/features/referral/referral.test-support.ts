import type { ReferralFriend, ReferralInvite, ReferralListItem, ReferralOverview } from '@kartu/contracts';

/** Contract-shaped referral answers for page tests; override only what the test is about. */
export const referralId = 'ref00000000000000000001';
export const referralCardId = 'card00000000000000000001';

const offer = {
  id: referralId,
  programId: '6f1c2d3e-0000-4000-8000-000000000001',
  programName: 'Kopi Senja Rewards',
  unit: 'POINT',
  referrerReward: 100,
  friendReward: 50,
  rewardOn: 'purchased',
  status: 'active',
  endsAt: null,
} as const;

export function referralOverview(overrides: Partial<ReferralOverview> = {}): ReferralOverview {
  return {
    ...offer,
    cardId: referralCardId,
    code: 'RANI2026',
    link: 'https://kopisenja.test/?ref=RANI2026',
    summary: { pending: 2, registered: 1, purchased: 3, commission: 300 },
    invitesLeftToday: 18,
    ...overrides,
  };
}

export function referralListItem(overrides: Partial<ReferralListItem> = {}): ReferralListItem {
  return { ...offer, cardId: referralCardId, ...overrides };
}

export function referralInvite(overrides: Partial<ReferralInvite> = {}): ReferralInvite {
  return { ...offer, code: 'RANI2026', referrerName: 'Rani S.', ...overrides };
}

export function referralFriend(overrides: Partial<ReferralFriend> = {}): ReferralFriend {
  return {
    id: 'friend-1',
    friendPhone: '+62 812-****-6789',
    state: 'pending',
    unavailableReason: null,
    commission: 0,
    commissionPending: false,
    invitedAt: '2026-03-02T03:00:00.000Z',
    registeredAt: null,
    purchasedAt: null,
    ...overrides,
  };
}

/** One page of friends as the server answers it. */
export function friendsPage(friends: ReferralFriend[], { page = 1, count = friends.length }: { page?: number; count?: number } = {}) {
  return { data: friends, page, count };
}
