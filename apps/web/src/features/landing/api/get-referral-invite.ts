import { referralInviteAnswerSchema, type ReferralInvite } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/referrals/codes/{code}, open to visitors: who invites, to what, and what the friend receives; 404 REFERRAL_NOT_FOUND. */
export async function getReferralInvite(code: string, signal?: AbortSignal): Promise<ReferralInvite> {
  return (await api.get(`/api/referrals/codes/${encodeURIComponent(code)}`, { schema: referralInviteAnswerSchema, signal })).data;
}
