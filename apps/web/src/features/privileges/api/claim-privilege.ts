import { useMutation, useQueryClient } from '@tanstack/react-query';
import { privilegeClaimAnswerSchema, type Privilege } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { cardPrivilegeApiPath, privilegeKeys } from '../../../lib/privileges.ts';
import { voucherKeys } from '../../../lib/voucher-keys.ts';

/**
 * POST /api/v2/cards/{cardId}/privileges/{privilegeId}/claim: takes a voucher perk, whose e-vouchers
 * go to the member's wallet → 201, the perk claimed. 409 PERK_NOT_ACTIVE, PROMOTION_ENDED,
 * PERK_ALREADY_TAKEN; 403 PERK_NOT_QUALIFIED.
 */
export async function claimPrivilege(options: { cardId: string; privilegeId: string }): Promise<Privilege> {
  const { data } = await api.post(`${cardPrivilegeApiPath(options.cardId, options.privilegeId)}/claim`, { body: {}, schema: privilegeClaimAnswerSchema });
  const { voucherIds: _given, ...privilege } = data;
  return privilege;
}

export function useClaimPrivilege() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimPrivilege,
    onSuccess: (privilege, { cardId, privilegeId }) => {
      queryClient.setQueryData(privilegeKeys.detail(cardId, privilegeId), privilege);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: privilegeKeys.list(cardId) }),
        // Its e-vouchers are in the wallet now, and count among the usable ones.
        queryClient.invalidateQueries({ queryKey: voucherKeys.all }),
      ]);
    },
    // A refusal means the perk changed meanwhile (ended, paused, taken on another device): read it again.
    onError: (_error, { cardId }) => queryClient.invalidateQueries({ queryKey: privilegeKeys.list(cardId) }),
  });
}
