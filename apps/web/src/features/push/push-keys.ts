/** Query keys of push: everything sits under ['push']. */
export const pushKeys = {
  all: ['push'] as const,
  /** The server's VAPID public key; its absence (503) means push is off on this site. */
  publicKey: () => [...pushKeys.all, 'public-key'] as const,
  settings: () => [...pushKeys.all, 'settings'] as const,
};
