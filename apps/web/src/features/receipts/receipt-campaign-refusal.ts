import { ApiError } from '../../lib/api-client.ts';

/** spec: business-rules §8 code states, wrong program for receipt codes: why a campaign takes no receipt. */
export type CampaignRefusal = 'RECEIPT_CAMPAIGN_NOT_FOUND' | 'CODE_INACTIVE' | 'CODE_EXPIRED' | 'CODE_WRONG_PROGRAM';

export const campaignRefusalCodes: ReadonlySet<string> = new Set<CampaignRefusal>(['RECEIPT_CAMPAIGN_NOT_FOUND', 'CODE_INACTIVE', 'CODE_EXPIRED', 'CODE_WRONG_PROGRAM']);

/** The campaign's refusal an error carries, or null for any other failure (the network, the server). */
export function campaignRefusalOf(error: unknown): CampaignRefusal | null {
  return error instanceof ApiError && campaignRefusalCodes.has(error.code) ? (error.code as CampaignRefusal) : null;
}

/** A card that is not the member's: the page answers 404 rather than a refusal. */
export function isCardNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'CARD_NOT_FOUND';
}
