/** Query keys of payments: a payment the member follows sits under `detail(id)`. */
export const paymentKeys = {
  all: ['payments'] as const,
  details: () => [...paymentKeys.all, 'detail'] as const,
  detail: (paymentId: string) => [...paymentKeys.details(), paymentId] as const,
  /** The payment page of a payment the member follows. */
  page: (paymentId: string) => [...paymentKeys.detail(paymentId), 'page'] as const,
};
