/** Query keys of the member's profile: one profile a session, so one key; a write sets it from its answer. */
export const profileKeys = {
  all: ['profile'] as const,
  detail: () => [...profileKeys.all, 'detail'] as const,
};
