import type { Receipt, ReceiptCampaign } from '@kartu/contracts';

/** Contract-shaped receipts and campaigns for page tests; override only what the test is about. */
export const receiptCardId = 'card00000000000000000001';
export const receiptsPath = `/api/v2/cards/${receiptCardId}/receipts`;
export const campaignPath = (code: string) => `/api/v2/cards/${receiptCardId}/receipt-campaigns/${code}`;

export function campaignOf(overrides: Partial<ReceiptCampaign> = {}): ReceiptCampaign {
  return {
    code: 'RCPT-1',
    name: 'Ramadan receipts',
    description: 'Send the receipt of any purchase of Rp 50.000 or more.',
    programName: 'Kopi Senja Rewards',
    startsAt: '2026-11-01T00:00:00.000Z',
    endsAt: '2026-12-31T12:00:00.000Z',
    ...overrides,
  };
}

/** A receipt of the campaign waiting for review. */
export function receiptOf(overrides: Partial<Receipt> = {}): Receipt {
  return {
    id: '0b8c1a9e-5d7f-4c3b-9a21-6e4f8d2c1b01',
    cardId: receiptCardId,
    status: 'submitted',
    campaign: { code: 'RCPT-1', name: 'Ramadan receipts' },
    submittedAt: '2026-11-24T10:05:00.000Z',
    reviewedAt: null,
    earned: null,
    unit: 'POINT',
    note: null,
    ...overrides,
  };
}

export function photoOf({ name = 'receipt.jpg', type = 'image/jpeg', size = 2048 }: { name?: string; type?: string; size?: number } = {}): File {
  return new File([new Uint8Array(size)], name, { type });
}
