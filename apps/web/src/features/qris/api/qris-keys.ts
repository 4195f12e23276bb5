/** Query keys of paying a QRIS: the member's linked e-wallet, a QRIS read again, what a card pays with, and each payment of a card. */
export const qrisKeys = {
  all: ['qris'] as const,
  wallet: () => [...qrisKeys.all, 'wallet'] as const,
  read: (payload: string, cardId: string) => [...qrisKeys.all, 'read', cardId, payload] as const,
  options: (cardId: string) => [...qrisKeys.all, 'options', cardId] as const,
  payments: (cardId: string) => [...qrisKeys.all, 'payments', cardId] as const,
  payment: (cardId: string, paymentId: string) => [...qrisKeys.payments(cardId), paymentId] as const,
};

/** The API's path of a card's QRIS payments. */
export function qrisPaymentsPath(cardId: string): string {
  return `/api/v2/cards/${encodeURIComponent(cardId)}/qris-payments`;
}
