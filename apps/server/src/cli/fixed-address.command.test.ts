import { beforeAll, describe, expect, it } from 'vitest';
import { cardDetailSchema } from '@kartu/contracts';
import { memberWithCard, newProgram, send, type CardMember } from '../modules/cards/cards.test-support.ts';
import type { TestApp } from '../test/test-app.ts';
import { merchantIdOf, useTestApp } from '../test/test-app.ts';
import { kartuOn } from './cli.test-support.ts';

let testApp: TestApp;
let programId: string;
let member: CardMember;

useTestApp((made) => ({ testApp } = made));
beforeAll(async () => {
  const merchantId = await merchantIdOf(testApp.db);
  programId = (await newProgram(testApp, merchantId, { name: 'Staff Points' })).id;
  member = await memberWithCard(testApp, { merchantId, programId });
});

const kartu = kartuOn(() => testApp);

async function cardDetail() {
  const response = await send(testApp, 'GET', `/api/v2/cards/${member.card.id}`, { member });
  expect(response.statusCode, response.body).toBe(200);
  return cardDetailSchema.parse(response.json());
}

const office = ['--recipient', 'PT Kopi Senja Nusantara', '--phone', '0812 3456 7890', '--address', 'Jl. Senayan No. 7, lantai 3', '--subdistrict', '31.74.07.1006', '--zip', '12190'];

describe('kartu programs fixed-address', () => {
  it("sends every order of the program's cards to one address: the card detail says so, with the address's areas by name", async () => {
    expect(await cardDetail()).toMatchObject({ isFixedAddress: false, fixedAddressDetail: null });
    const set = await kartu('programs', 'fixed-address', '--program', programId, ...office, '--note', 'Reception, 3rd floor');
    expect(set, set.error).toMatchObject({ code: 0, out: expect.stringContaining('Kebayoran Baru') });
    const detail = await cardDetail();
    expect(detail.isFixedAddress).toBe(true);
    expect(detail.fixedAddressDetail).toMatchObject({
      recipientName: 'PT Kopi Senja Nusantara',
      recipientPhone: '+6281234567890',
      fullAddress: 'Jl. Senayan No. 7, lantai 3',
      district: 'Kebayoran Baru',
      regency: 'Kota Administrasi Jakarta Selatan',
      province: 'DKI Jakarta',
      zip: '12190',
      note: 'Reception, 3rd floor',
    });

    expect(await kartu('programs', 'fixed-address', '--program', programId, '--remove')).toMatchObject({ code: 0 });
    expect(await cardDetail()).toMatchObject({ isFixedAddress: false, fixedAddressDetail: null });
  });

  it('refuses a subdistrict that is not one, a bad phone, and an unknown program, changing nothing', async () => {
    const wrongArea = await kartu('programs', 'fixed-address', '--program', programId, ...office.slice(0, 6), '--subdistrict', '31.74.99.1006', '--zip', '12190');
    expect(wrongArea).toMatchObject({ code: 1, error: expect.stringContaining('district') });
    const badPhone = await kartu('programs', 'fixed-address', '--program', programId, ...office.slice(0, 2), '--phone', '12', ...office.slice(4));
    expect(badPhone.code).toBe(1);
    expect((await kartu('programs', 'fixed-address', '--program', '5eed0000-0000-4000-8000-999999999999', '--remove')).code).toBe(1);
    expect((await kartu('programs', 'fixed-address', '--program', programId, '--recipient', 'X')).code).toBe(2);
    expect(await cardDetail()).toMatchObject({ isFixedAddress: false });
  });
});
