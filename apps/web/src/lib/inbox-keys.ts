/*
 * Query keys of the member's inbox. Everything sits under ['inbox'], so a message read or deleted
 * can refresh the lists and the header's badge at once.
 */
export const inboxKeys = {
  all: ['inbox'] as const,
  lists: () => [...inboxKeys.all, 'list'] as const,
  /** The whole wallet's messages, or one card's (the v2 card's notifications). */
  list: (cardId: string | null) => [...inboxKeys.lists(), cardId ?? 'all'] as const,
  unread: () => [...inboxKeys.all, 'unread'] as const,
};
