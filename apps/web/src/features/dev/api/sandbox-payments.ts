import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { sandboxPaymentAnswerSchema, sandboxPaymentListSchema, type sandboxPaymentActions } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';

export type SandboxPaymentList = z.infer<typeof sandboxPaymentListSchema>;
export type SandboxPayment = SandboxPaymentList['data'][number];
export type SandboxPaymentAnswer = z.infer<typeof sandboxPaymentAnswerSchema>;
export type SandboxPaymentAction = (typeof sandboxPaymentActions)[number];

/** Query keys of the sandbox provider's development page. */
export const sandboxPaymentKeys = {
  all: ['dev', 'payments'] as const,
  list: () => [...sandboxPaymentKeys.all, 'list'] as const,
};

/** GET /api/dev/payments: the site's latest payments, newest first; 404 in production. */
export function getSandboxPayments(options: { signal?: AbortSignal } = {}): Promise<SandboxPaymentList> {
  return api.get('/api/dev/payments', { schema: sandboxPaymentListSchema, signal: options.signal });
}

export function sandboxPaymentsQueryOptions() {
  return queryOptions({ queryKey: sandboxPaymentKeys.list(), queryFn: ({ signal }) => getSandboxPayments({ signal }) });
}

export function useSandboxPayments() {
  return useQuery(sandboxPaymentsQueryOptions());
}

/** POST /api/dev/payments/{id}/{pay|fail|expire}: what the member would do at the provider. */
export function simulateSandboxPayment(options: { paymentId: string; action: SandboxPaymentAction }): Promise<SandboxPaymentAnswer> {
  const { paymentId, action } = options;
  return api.post(`/api/dev/payments/${encodeURIComponent(paymentId)}/${action}`, { schema: sandboxPaymentAnswerSchema });
}

/** Plays an action, then shows the payment as it now stands in the list. */
export function useSimulateSandboxPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: simulateSandboxPayment,
    onSuccess: ({ payment }) => {
      queryClient.setQueryData(sandboxPaymentKeys.list(), (list: SandboxPaymentList | undefined) =>
        list ? { data: list.data.map((row) => (row.id === payment.id ? { ...row, ...payment } : row)) } : list,
      );
      void queryClient.invalidateQueries({ queryKey: sandboxPaymentKeys.list() });
    },
  });
}
