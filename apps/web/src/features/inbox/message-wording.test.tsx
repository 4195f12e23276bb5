import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { InboxFacts, Language } from '@kartu/contracts';
import { createTranslator, I18nProvider } from '../../lib/i18n.tsx';
import { SiteProvider } from '../../lib/site.tsx';
import { testSite } from '../../test/site.test-support.ts';
import { useMessageWording } from './message-wording.ts';

type ReferralReward = Extract<InboxFacts, { kind: 'referral_reward' }>;

const reward = (overrides: Partial<ReferralReward> = {}): ReferralReward => ({
  kind: 'referral_reward',
  role: 'referrer',
  friendState: 'purchased',
  otherName: 'Budi S.',
  points: 100,
  unit: 'POINT',
  programName: 'Kopi Senja Rewards',
  ...overrides,
});

/** The wording of each message, in a language whose catalogues are loaded first. */
async function wordingIn(language: Language) {
  const translator = createTranslator(language);
  await translator.load(['common', 'inbox', 'shop']);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SiteProvider site={testSite()}>
      <I18nProvider translator={translator}>{children}</I18nProvider>
    </SiteProvider>
  );
  return renderHook(() => useMessageWording(), { wrapper }).result.current;
}

describe('the wording of a referral reward', () => {
  it('tells the member who invited which friend paid it, and what reached their card', async () => {
    const wordingOf = await wordingIn('en');
    expect(wordingOf(reward())).toEqual({ title: 'Budi S. made a first purchase', text: '100 points added to your Kopi Senja Rewards card.' });
    expect(wordingOf(reward({ friendState: 'registered', otherName: null, points: 1, unit: 'STAMP' }))).toEqual({
      title: 'Your friend joined through your invite',
      text: '1 stamp added to your Kopi Senja Rewards card.',
    });
  });

  it('welcomes the friend who joined, naming who invited them', async () => {
    const wordingOf = await wordingIn('en');
    expect(wordingOf(reward({ role: 'friend', friendState: 'registered', otherName: 'Rani S.', points: 50 }))).toEqual({
      title: 'Welcome! Rani S. invited you',
      text: '50 points added to your Kopi Senja Rewards card.',
    });
  });

  it('says the same as the push in Japanese, Indonesian and Malay', async () => {
    expect((await wordingIn('ja'))(reward())).toEqual({ title: 'Budi S.さんが初めてのお買い物をしました', text: 'Kopi Senja Rewardsカードに100ポイントが追加されました。' });
    expect((await wordingIn('ja'))(reward({ role: 'friend', otherName: null }))).toEqual({ title: 'ようこそ！お友だちからの招待です', text: 'Kopi Senja Rewardsカードに100ポイントが追加されました。' });
    expect((await wordingIn('id'))(reward({ friendState: 'registered' }))).toEqual({
      title: 'Budi S. bergabung lewat undangan Anda',
      text: '100 poin ditambahkan ke kartu Kopi Senja Rewards Anda.',
    });
    expect((await wordingIn('my'))(reward({ role: 'friend', otherName: 'Rani S.' }))).toEqual({
      title: 'Selamat datang! Rani S. menjemput anda',
      text: '100 mata ditambah ke kad Kopi Senja Rewards anda.',
    });
  });
});

describe('the wording of a target reached', () => {
  it('names the target and what its reward added to the card, as the push does', async () => {
    const facts: InboxFacts = { kind: 'target_reached', targetName: 'Senja Regular of the year', points: 300, unit: 'POINT', programName: 'Kopi Senja Rewards' };
    expect((await wordingIn('en'))(facts)).toEqual({ title: 'Target reached: Senja Regular of the year', text: '300 points added to your Kopi Senja Rewards card.' });
    expect((await wordingIn('id'))(facts).title).toBe('Target tercapai: Senja Regular of the year');
  });
});

describe('the wording of a mission completed', () => {
  const points: InboxFacts = { kind: 'mission_completed', missionName: 'Coffee week', reward: { type: 'points', points: 100, unit: 'POINT' }, programName: 'Kopi Senja Rewards' };
  const vouchers = (count: number): InboxFacts => ({ kind: 'mission_completed', missionName: 'Coffee week', reward: { type: 'voucher', voucherName: 'Free Kopi', vouchers: count }, programName: 'Kopi Senja Rewards' });

  it('names the mission and the points its reward added to the card', async () => {
    expect((await wordingIn('en'))(points)).toEqual({ title: 'Mission complete: Coffee week', text: '100 points added to your Kopi Senja Rewards card.' });
    expect((await wordingIn('ja'))(points)).toEqual({ title: 'ミッション達成：Coffee week', text: 'Kopi Senja Rewardsカードに100ポイントが追加されました。' });
  });

  it('names the vouchers its reward gave, one or several, as the push does', async () => {
    const wordingOf = await wordingIn('en');
    expect(wordingOf(vouchers(1))).toEqual({ title: 'Mission complete: Coffee week', text: '1 × Free Kopi voucher is now in your vouchers.' });
    expect(wordingOf(vouchers(2)).text).toBe('2 × Free Kopi vouchers are now in your vouchers.');
    expect((await wordingIn('id'))(vouchers(2))).toEqual({ title: 'Misi selesai: Coffee week', text: '2 × voucher Free Kopi kini ada di voucher Anda.' });
    expect((await wordingIn('my'))(vouchers(2))).toEqual({ title: 'Misi selesai: Coffee week', text: '2 × baucar Free Kopi kini ada dalam baucar anda.' });
    expect((await wordingIn('ja'))(vouchers(2)).text).toBe('Free Kopiのバウチャー2枚がバウチャーに追加されました。');
  });
});

describe('the wording of a perk reviewed', () => {
  type PerkReviewed = Extract<InboxFacts, { kind: 'perk_reviewed' }>;
  const reviewed = (overrides: Partial<PerkReviewed> = {}): PerkReviewed => ({
    kind: 'perk_reviewed',
    perkTitle: 'Tell us about your coffee',
    decision: 'approved',
    points: 100,
    unit: 'POINT',
    note: null,
    programName: 'Kopi Senja Rewards',
    ...overrides,
  });

  it('names the perk and the points an approved answer added to the card, as the push does', async () => {
    expect((await wordingIn('en'))(reviewed())).toEqual({ title: 'Your answer to Tell us about your coffee was approved', text: '100 points added to your Kopi Senja Rewards card.' });
    expect((await wordingIn('ja'))(reviewed({ points: 1, unit: 'STAMP' }))).toEqual({
      title: 'Tell us about your coffeeへの回答が承認されました',
      text: 'Kopi Senja Rewardsカードにスタンプ1個が追加されました。',
    });
  });

  it('thanks the member for an approved answer that gives no points', async () => {
    expect((await wordingIn('en'))(reviewed({ points: null }))).toEqual({ title: 'Your answer to Tell us about your coffee was approved', text: 'Thank you for taking part.' });
    expect((await wordingIn('id'))(reviewed({ points: null })).text).toBe('Terima kasih atas partisipasi Anda.');
  });

  it('gives the merchant’s reason for a rejection, or asks again without one', async () => {
    const wordingOf = await wordingIn('en');
    expect(wordingOf(reviewed({ decision: 'rejected', points: null, note: 'Please name a drink we sell.' }))).toEqual({
      title: 'Your answer to Tell us about your coffee was not approved',
      text: 'The reason: Please name a drink we sell.',
    });
    expect(wordingOf(reviewed({ decision: 'rejected', points: null })).text).toBe('You may answer the survey again.');
    expect((await wordingIn('my'))(reviewed({ decision: 'rejected', points: null, note: 'Sila namakan minuman kami.' }))).toEqual({
      title: 'Jawapan anda untuk Tell us about your coffee tidak diluluskan',
      text: 'Sebabnya: Sila namakan minuman kami.',
    });
  });
});
