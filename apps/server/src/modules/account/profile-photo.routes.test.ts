import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { IMAGE_MAX_BYTES } from '@kartu/core/constants';
import { profileAnswerSchema, type Profile } from '@kartu/contracts';
import { useTestApp, type TestApp } from '../../test/test-app.ts';
import { newMember, type TestMember } from '../../test/members.ts';
import { testPicture } from '../media/media.test-support.ts';
import { images } from '../media/images.table.ts';

let testApp: TestApp;
let member: TestMember;
useTestApp((made) => ({ testApp } = made));
beforeAll(async () => {
  member = await newMember(testApp);
});

const host = 'localhost';
const headersOf = (who: TestMember | null) => ({ host, ...(who && { authorization: `Bearer ${who.token}` }) });

async function uploadPhoto(who: TestMember | null, bytes: Buffer | string, contentType = 'image/png') {
  return testApp.app.inject({ method: 'PUT', url: '/api/v2/account/profile/photo', headers: { ...headersOf(who), 'content-type': contentType }, payload: bytes });
}

async function removePhoto(who: TestMember | null) {
  return testApp.app.inject({ method: 'DELETE', url: '/api/v2/account/profile/photo', headers: headersOf(who) });
}

async function profileOf(who: TestMember): Promise<Profile> {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/v2/account/profile', headers: headersOf(who) });
  return profileAnswerSchema.parse(response.json()).data;
}

function photoOf(response: { statusCode: number; json(): unknown; body: string }) {
  expect(response.statusCode, response.body).toBe(200);
  const { photo } = profileAnswerSchema.parse(response.json()).data;
  if (!photo) throw new Error('The profile has no photo');
  return photo;
}

async function media(url: string, siteHost = host) {
  return testApp.app.inject({ method: 'GET', url, headers: { host: siteHost } });
}

/** The image id of a photo's URL, /media/<id>/96.webp. */
const imageIdOf = (src: string) => src.split('/')[2] ?? '';

describe('PUT /api/v2/account/profile/photo', () => {
  it('takes a PNG, crops it square in two sizes for a 96-pixel avatar, and serves them under /media to the member’s browser only', async () => {
    const photo = photoOf(await uploadPhoto(member, await testPicture({ width: 600, height: 400, format: 'png' })));
    const imageId = imageIdOf(photo.src);
    expect(photo).toEqual({ src: `/media/${imageId}/96.webp`, srcSet: `/media/${imageId}/96.webp 96w, /media/${imageId}/192.webp 192w`, width: 96, height: 96 });
    expect((await profileOf(member)).photo).toEqual(photo);

    for (const width of [96, 192]) {
      const file = await media(`/media/${imageId}/${width}.webp`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'webp', width, height: width });
    }
    // Served only on the site of the member's merchant.
    expect((await media(`/media/${imageId}/96.webp`, 'v2.localhost')).statusCode).toBe(404);
  });

  it('takes a JPEG in place of the photo, without its camera metadata, and the replaced photo is gone', async () => {
    const before = photoOf(await uploadPhoto(member, await testPicture({ width: 300, height: 300, format: 'png' })));
    const jpeg = await sharp(await testPicture({ width: 800, height: 1000, format: 'jpeg' }))
      .withExif({ IFD0: { Artist: 'Rani Saputra', Model: 'Pixel 9' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const after = photoOf(await uploadPhoto(member, jpeg, 'image/jpeg'));
    expect(after.src).not.toBe(before.src);
    const stored = await sharp((await media(after.src)).rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 96, height: 96 });
    expect(stored.exif).toBeUndefined();
    expect((await media(before.src)).statusCode).toBe(404);
    expect(await testApp.db.select().from(images).where(eq(images.id, imageIdOf(before.src)))).toEqual([]);
  });

  it('refuses a GIF, text, JSON or a picture too small for the avatar, and keeps the photo it has', async () => {
    const kept = photoOf(await uploadPhoto(member, await testPicture({ width: 200, height: 200, format: 'jpeg' }), 'image/jpeg'));
    const gif = await testPicture({ width: 200, height: 200, format: 'gif' });
    expect((await uploadPhoto(member, gif, 'image/gif')).json()).toMatchObject({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect((await uploadPhoto(member, gif, 'image/png')).json()).toMatchObject({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect((await uploadPhoto(member, 'not a picture at all', 'image/jpeg')).json()).toMatchObject({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect((await uploadPhoto(member, 'not a picture at all', 'text/plain')).statusCode).toBe(415);
    expect((await uploadPhoto(member, JSON.stringify({ photo: 'x' }), 'application/json')).statusCode).toBe(415);
    const tiny = await uploadPhoto(member, await testPicture({ width: 64, height: 64, format: 'png' }));
    expect(tiny.json()).toMatchObject({ statusCode: 422, code: 'UNPROCESSABLE', details: [{ field: 'image', rule: 'too_small' }] });
    expect((await profileOf(member)).photo).toEqual(kept);
  });

  it('refuses more than 10 MB with 413', async () => {
    const kept = (await profileOf(member)).photo;
    const huge = await uploadPhoto(member, Buffer.alloc(IMAGE_MAX_BYTES + 1, 1), 'image/jpeg');
    expect(huge.json()).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE' });
    expect((await profileOf(member)).photo).toEqual(kept);
  });

  it('answers 401 without a session, before reading the body', async () => {
    expect((await uploadPhoto(null, await testPicture({ width: 200, height: 200 }))).json()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
  });
});

describe('DELETE /api/v2/account/profile/photo', () => {
  it('removes the photo: the profile shows none and its URLs answer 404; removing again changes nothing', async () => {
    const other = await newMember(testApp);
    const theirs = photoOf(await uploadPhoto(other, await testPicture({ width: 200, height: 200 })));
    const photo = photoOf(await uploadPhoto(member, await testPicture({ width: 200, height: 200 })));

    expect((await removePhoto(member)).statusCode).toBe(204);
    expect((await profileOf(member)).photo).toBeNull();
    expect((await media(photo.src)).statusCode).toBe(404);
    expect((await removePhoto(member)).statusCode).toBe(204);
    // Another member's photo stays.
    expect((await profileOf(other)).photo).toEqual(theirs);
    expect((await media(theirs.src)).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    expect((await removePhoto(null)).json()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
  });
});
