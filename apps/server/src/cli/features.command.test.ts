import { describe, expect, it } from 'vitest';
import { featureEligibilitiesSchema } from '@kartu/contracts';
import { send } from '../modules/cards/cards.test-support.ts';
import { demoProgramIds } from '../seed/seed-cards.ts';
import { newMember } from '../test/members.ts';
import type { TestApp } from '../test/test-app.ts';
import { useTestApp } from '../test/test-app.ts';
import { kartuOn } from './cli.test-support.ts';

let testApp: TestApp;
useTestApp((made) => ({ testApp } = made));
const kartu = kartuOn(() => testApp);

describe('kartu features', () => {
  it('locks a feature, lists the locks, and unlocks it; the member sees each change', async () => {
    const member = await newMember(testApp);
    const referral = async () => {
      const answer = featureEligibilitiesSchema.parse((await send(testApp, 'GET', '/api/users/feature-eligibilities', { member })).json());
      return answer.data.find((item) => item.feature === 'referral');
    };
    const locked = await kartu('features', 'lock', '--merchant', 'kopisenja', '--feature', 'referral');
    expect(locked.code, locked.error).toBe(0);
    expect(await referral()).toMatchObject({ isLocked: true, unlock: { kind: 'closed' } });

    const listed = await kartu('features', 'list', '--merchant', 'KOPISENJA');
    expect(listed.out).toContain('referral: closed');
    expect(listed.out).toContain('transfer-point: opens at Silver of Kopi Senja Rewards');

    expect((await kartu('features', 'unlock', '--merchant', 'KOPISENJA', '--feature', 'referral')).code).toBe(0);
    expect(await referral()).toMatchObject({ isLocked: false });
    const again = await kartu('features', 'unlock', '--merchant', 'KOPISENJA', '--feature', 'referral');
    expect(again).toMatchObject({ code: 1, error: expect.stringContaining('was not locked') });
  });

  it('locks until a level, and refuses an unknown feature, a rank without a program, or a level the program lacks', async () => {
    const atGold = await kartu('features', 'lock', '--merchant', 'KOPISENJA', '--feature', 'catalog', '--program', demoProgramIds.kopiSenjaRewards, '--level-rank', '3');
    expect(atGold.code, atGold.error).toBe(0);
    expect((await kartu('features', 'list', '--merchant', 'KOPISENJA')).out).toContain('catalog: opens at Gold of Kopi Senja Rewards');
    expect((await kartu('features', 'lock', '--merchant', 'KOPISENJA', '--feature', 'teleport')).code).toBe(2);
    expect((await kartu('features', 'lock', '--merchant', 'KOPISENJA', '--feature', 'catalog', '--level-rank', '2')).code).toBe(2);
    expect((await kartu('features', 'lock', '--merchant', 'KOPISENJA', '--feature', 'catalog', '--program', demoProgramIds.kopiSenjaRewards, '--level-rank', '7')).code).toBe(1);
  });
});
