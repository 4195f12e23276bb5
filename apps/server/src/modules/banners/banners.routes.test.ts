import { describe, expect, it } from 'vitest';
import { bannerListSchema, errorBodySchema, type Banner } from '@kartu/contracts';
import { HOUR_MS } from '@kartu/core/calendar';
import { newMember, type TestMember } from '../../test/members.ts';
import { merchantIdOf, useTestApp, type TestApp } from '../../test/test-app.ts';
import { newCard, newProgram, send } from '../cards/cards.test-support.ts';
import { testPicture } from '../media/media.test-support.ts';
import { AppError } from '../../lib/app-error.ts';
import { addBanner, removeBanner, type AddBannerOptions } from './banners.service.ts';

let testApp: TestApp;
let merchantId: number;
useTestApp((made) => ({ testApp, merchantId } = made));

type BannerInput = Partial<Omit<AddBannerOptions, 'db' | 'bytes' | 'blobs' | 'now'>> & Pick<AddBannerOptions, 'programId'>;

async function add(input: BannerInput) {
  return addBanner({ db: testApp.db, merchantId, placement: 'card', title: 'Weekend double points', link: null, bytes: await testPicture({ width: 960, height: 540 }), blobs: null, now: testApp.clock.now(), ...input });
}

async function bannersOf(member: TestMember, cardId: string, kind: 'banners' | 'in-app-banners' = 'banners'): Promise<Banner[]> {
  const response = await send(testApp, 'GET', `/api/v2/cards/${cardId}/${kind}`, { member });
  expect(response.statusCode, response.body).toBe(200);
  return bannerListSchema.parse(response.json()).data;
}

async function memberWithCard() {
  const program = await newProgram(testApp, merchantId);
  const member = await newMember(testApp);
  const card = await newCard(testApp, { merchantId, programId: program.id, owner: member });
  return { program, member, card };
}

describe("a card's banners", () => {
  it("lists the program's banners of each placement in the merchant's order, with their pictures at the banner sizes", async () => {
    const { program, member, card } = await memberWithCard();
    expect(await bannersOf(member, card.id)).toEqual([]);
    const second = await add({ programId: program.id, position: 2, title: 'Gayo beans' });
    const first = await add({ programId: program.id, position: 1, title: 'Double points', link: '/cards/:cardId/catalogs' });
    const inApp = await add({ programId: program.id, placement: 'in_app', title: 'Join the club', link: 'https://kopisenja.example/club' });

    const row = await bannersOf(member, card.id);
    expect(row.map((banner) => banner.id)).toEqual([first.id, second.id]);
    expect(row[0]).toEqual({
      id: first.id,
      title: 'Double points',
      link: `/cards/${card.id}/catalogs`,
      image: { src: `/media/${first.imageId}/480.webp`, srcSet: `/media/${first.imageId}/480.webp 480w, /media/${first.imageId}/960.webp 960w`, width: 480, height: 270 },
    });
    expect(await bannersOf(member, card.id, 'in-app-banners')).toMatchObject([{ id: inApp.id, title: 'Join the club', link: 'https://kopisenja.example/club' }]);

    const picture = await send(testApp, 'GET', row[0]?.image.src ?? '', {});
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
  });

  it('shows a banner only between its start and its end', async () => {
    const { program, member, card } = await memberWithCard();
    const now = testApp.clock.now();
    await add({ programId: program.id, title: 'Soon', startsAt: new Date(now.getTime() + HOUR_MS) });
    await add({ programId: program.id, title: 'Over', endsAt: new Date(now.getTime() - 1) });
    const showing = await add({ programId: program.id, title: 'Now', startsAt: new Date(now.getTime() - HOUR_MS), endsAt: new Date(now.getTime() + HOUR_MS) });
    expect((await bannersOf(member, card.id)).map((banner) => banner.id)).toEqual([showing.id]);
    testApp.clock.advance(2 * HOUR_MS);
    expect((await bannersOf(member, card.id)).map((banner) => banner.title)).toEqual(['Soon']);
  });

  it("answers 404 for another member's card and for another merchant's, and 401 without a session", async () => {
    const { program, card } = await memberWithCard();
    await add({ programId: program.id });
    const stranger = await newMember(testApp);
    for (const kind of ['banners', 'in-app-banners']) {
      const response = await send(testApp, 'GET', `/api/v2/cards/${card.id}/${kind}`, { member: stranger });
      expect(response.statusCode).toBe(404);
      expect(errorBodySchema.parse(response.json()).code).toBe('CARD_NOT_FOUND');
    }
    const elsewhere = await newMember(testApp, { host: 'v2.localhost' });
    expect((await send(testApp, 'GET', `/api/v2/cards/${card.id}/banners`, { member: elsewhere, host: 'v2.localhost' })).statusCode).toBe(404);
    expect((await send(testApp, 'GET', `/api/v2/cards/${card.id}/banners`, {})).statusCode).toBe(401);
  });

  it('refuses a banner on another merchant’s program, a bad link, an empty title, a window that ends first, or no picture', async () => {
    const { program } = await memberWithCard();
    const lumina = await merchantIdOf(testApp.db, 'LUMINABEAUTY');
    const theirs = await newProgram(testApp, lumina);
    await expect(add({ programId: theirs.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    for (const link of ['//evil.example', 'http://kopisenja.example', 'javascript:alert(1)', 'cards']) {
      await expect(add({ programId: program.id, link })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    await expect(add({ programId: program.id, title: '  ' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    const now = testApp.clock.now();
    await expect(add({ programId: program.id, startsAt: now, endsAt: now })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(addBanner({ db: testApp.db, merchantId, programId: program.id, placement: 'card', title: 'Text', link: null, bytes: Buffer.from('not a picture'), blobs: null, now })).rejects.toThrow(AppError);
  });

  it('takes a banner down for its merchant only', async () => {
    const { program, member, card } = await memberWithCard();
    const banner = await add({ programId: program.id });
    const lumina = await merchantIdOf(testApp.db, 'LUMINABEAUTY');
    expect(await removeBanner({ db: testApp.db, merchantId: lumina, bannerId: banner.id })).toBe(false);
    expect(await removeBanner({ db: testApp.db, merchantId, bannerId: banner.id })).toBe(true);
    expect(await bannersOf(member, card.id)).toEqual([]);
    expect(await removeBanner({ db: testApp.db, merchantId, bannerId: 'nope' })).toBe(false);
  });
});
