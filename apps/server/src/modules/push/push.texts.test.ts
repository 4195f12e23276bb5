import { describe, expect, it } from 'vitest';
import { languages, type InboxFacts } from '@kartu/contracts';
import { wordPush, type MerchantFormats } from './push.texts.ts';

const rupiah: MerchantFormats = { currency: { code: 'IDR', symbol: 'Rp', decimalDigits: 0, thousandSeparator: '.', decimalSeparator: ',' }, timeZone: 'Asia/Jakarta' };
const program = 'Kopi Senja Rewards';

const everyKind: InboxFacts[] = [
  { kind: 'merchant', title: 'Weekend promo', text: 'Double points on every Kopi Susu.' },
  { kind: 'points_earned', points: 1, unit: 'POINT', balance: 1_250, programName: program },
  { kind: 'transfer_received', points: 3, unit: 'STAMP', senderName: 'Budi S.', programName: program },
  { kind: 'order_status', orderNumber: 'KS-1042', status: 'on_courier' },
  { kind: 'payment_settled', status: 'failed', amount: 28_000, currency: 'IDR' },
  { kind: 'reward_granted', reward: 'birthday', title: 'Free Kopi Susu', points: 100, unit: 'POINT', programName: program },
  { kind: 'level_reached', levelName: 'Gold', programName: program },
  { kind: 'points_expiring', points: 2_000, unit: 'CASH', programName: program, expiresAt: '2026-01-20T16:59:59.000Z' },
  { kind: 'voucher_expiring', voucherName: 'Kopi Susu voucher', expiresAt: '2026-01-20T16:59:59.000Z' },
];

describe('the wording of a push', () => {
  it('says what the app says of the same message, in English', () => {
    expect(everyKind.map((facts) => wordPush(facts, 'en', rupiah))).toEqual([
      { title: 'Weekend promo', body: 'Double points on every Kopi Susu.' },
      { title: 'You earned 1 point', body: 'Kopi Senja Rewards: your balance is now 1.250 points.' },
      { title: 'Budi S. sent you 3 stamps', body: 'Added to your Kopi Senja Rewards card.' },
      { title: 'Order KS-1042 updated', body: 'Status: On delivery' },
      { title: 'Payment failed', body: 'Your payment of Rp 28.000 did not go through.' },
      { title: 'Happy birthday! Free Kopi Susu', body: '100 points added to your Kopi Senja Rewards card.' },
      { title: 'You reached Gold', body: 'Your Kopi Senja Rewards card is now Gold. See what this level brings.' },
      // The day is the merchant's: 23:59 in Jakarta.
      { title: 'Rp 2.000 expires soon', body: 'Kopi Senja Rewards: use them before Jan 20, 2026.' },
      { title: 'Kopi Susu voucher expires soon', body: 'Use it before Jan 20, 2026.' },
    ]);
  });

  it('words every kind of message in every language the app speaks', () => {
    for (const language of languages) {
      for (const facts of everyKind) {
        const { title, body } = wordPush(facts, language, rupiah);
        expect(title.trim(), `${language} ${facts.kind}`).not.toBe('');
        expect(body.trim(), `${language} ${facts.kind}`).not.toBe('');
        expect(`${title} ${body}`, `${language} ${facts.kind}`).not.toMatch(/undefined|NaN|\{|\}/);
      }
    }
    expect(wordPush(everyKind[6] as InboxFacts, 'id', rupiah).title).toBe('Anda mencapai Gold');
    expect(wordPush(everyKind[2] as InboxFacts, 'ja', rupiah).title).toBe('Budi S.さんからスタンプが3個届きました');
    expect(wordPush(everyKind[1] as InboxFacts, 'my', rupiah).body).toBe('Kopi Senja Rewards: baki anda kini 1.250 mata.');
  });

  it('leaves an order status it has no words for to the order’s page', () => {
    expect(wordPush({ kind: 'order_status', orderNumber: 'KS-1042', status: 'lost_in_space' }, 'en', rupiah).body).toBe('Open the order to see where it is.');
  });
});
