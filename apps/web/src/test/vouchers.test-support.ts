import { voucherSchema, type Voucher, type VoucherStack } from '@kartu/contracts';
import { okAnswer, stubApi, type Answer } from './api-stub.test-support.ts';

export const voucherCardId = 'demo00006001010000000013';
export const walletPath = '/api/v2/vouchers';

export const kopiSusu = { id: 'tpl-kopi', name: 'Kopi Susu Gula Aren', valueText: '1 Kopi Susu', image: null, usableAt: 'in_store' as const };
export const giftCardTemplate = { id: 'tpl-gift', name: 'Kopi Senja gift card', valueText: 'Rp100.000 to spend at any outlet', image: null, usableAt: 'in_store' as const };
/** What an e-gift voucher of giftCardTemplate loads onto its gift card, before it is added. */
export const giftCardFacts = { value: 100000, currencyCode: 'IDR', programId: 'prg-gift', programName: 'Kopi Senja Gift Card', cardId: null };
export const onlineTreat = { id: 'tpl-online', name: 'Online order treat', valueText: '200 points off', image: null, usableAt: 'ecommerce' as const };

export function voucherFixture(overrides: Partial<Voucher> & Pick<Voucher, 'id'>): Voucher {
  return voucherSchema.parse({
    template: kopiSusu,
    description: 'One Kopi Susu Gula Aren, any size.',
    terms: 'One voucher per visit.',
    status: 'active',
    code: 'H7KQM3PX9ABC',
    codeKept: 'server',
    externalCode: null,
    cardId: voucherCardId,
    isHidden: false,
    issuedAt: '2026-11-20T03:00:00.000Z',
    expiresAt: '2026-12-20T03:00:00.000Z',
    usedAt: null,
    usedPlace: null,
    giftCard: null,
    ...overrides,
  });
}

export function stackOf(vouchers: Voucher[]): VoucherStack {
  const [first] = vouchers;
  if (!first) throw new Error('A stack holds at least one voucher');
  return { template: first.template, activeCount: vouchers.filter((voucher) => voucher.status === 'active').length, vouchers };
}

export const voucherPath = (voucherId: string) => `${walletPath}/${voucherId}`;

/** The wallet's answers by view; any other call answers as stubApi does. */
export function stubVouchers(routes: Record<string, Answer | Answer[]>) {
  return stubApi(routes);
}

export const walletAnswer = (stacks: VoucherStack[]) => () => okAnswer({ data: stacks });
export const voucherAnswer = (voucher: Voucher) => () => okAnswer({ data: voucher });
