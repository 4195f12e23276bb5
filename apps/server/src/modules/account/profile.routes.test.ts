import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { profileAnswerSchema, type Profile, type ProfileBody } from '@kartu/contracts';
import { useTestApp, type TestApp } from '../../test/test-app.ts';
import { newMember, type TestMember } from '../../test/members.ts';
import { users } from '../auth/users.table.ts';

let testApp: TestApp;
useTestApp((made) => ({ testApp } = made));

// Kopi Senja members sign in by phone; Lumina Beauty's (v2.localhost) by e-mail, or by phone.
const kopiSenja = 'localhost';
const lumina = 'v2.localhost';

const headersOf = (member: TestMember | null, host = kopiSenja) => ({ host, ...(member && { authorization: `Bearer ${member.token}` }) });

async function readProfile(member: TestMember | null, host?: string) {
  return testApp.app.inject({ method: 'GET', url: '/api/v2/account/profile', headers: headersOf(member, host) });
}

async function saveProfile(member: TestMember | null, body: unknown, { host, headers = {} }: { host?: string; headers?: Record<string, string> } = {}) {
  return testApp.app.inject({ method: 'PUT', url: '/api/v2/account/profile', headers: { ...headersOf(member, host), ...headers }, payload: body as object });
}

function profileOf(response: { statusCode: number; json(): unknown; body: string }): Profile {
  expect(response.statusCode, response.body).toBe(200);
  return profileAnswerSchema.parse(response.json()).data;
}

const rani: ProfileBody = { name: 'Rani Saputra', email: 'rani.saputra@example.com', birthday: '1994-08-17', gender: 'female' };
let emails = 0;
/** An address no other test has used. */
const newEmail = () => `member.${Date.now().toString(36)}.${(emails += 1)}@example.com`;

describe('GET /api/v2/account/profile', () => {
  it("answers a new member's profile: the phone with its dialing code, and nothing else filled in yet", async () => {
    const member = await newMember(testApp);
    expect(profileOf(await readProfile(member))).toEqual({
      name: null,
      email: null,
      birthday: null,
      gender: null,
      phone: member.e164,
      countryCode: '62',
      photo: null,
      emailEditable: true,
    });
  });

  it('answers 401 without a session, and to a session of another merchant', async () => {
    expect((await readProfile(null)).json()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
    const luminaMember = await newMember(testApp, { host: lumina });
    expect((await readProfile(luminaMember, kopiSenja)).statusCode).toBe(401);
  });
});

describe('PUT /api/v2/account/profile', () => {
  it('saves the name, e-mail, birthday and gender and answers them as saved, as the next read does', async () => {
    const member = await newMember(testApp);
    const email = newEmail();
    const saved = profileOf(await saveProfile(member, { ...rani, name: '  Rani  Saputra ', email: ` ${email.toUpperCase()} ` }));
    expect(saved).toMatchObject({ name: 'Rani  Saputra', email, birthday: '1994-08-17', gender: 'female', phone: member.e164 });
    expect(profileOf(await readProfile(member))).toEqual(saved);
  });

  it('clears the birthday and the gender with null, and keeps the e-mail when it is left out', async () => {
    const member = await newMember(testApp);
    const email = newEmail();
    profileOf(await saveProfile(member, { ...rani, email }));
    const cleared = profileOf(await saveProfile(member, { name: 'Rani', birthday: null, gender: null }));
    expect(cleared).toMatchObject({ name: 'Rani', email, birthday: null, gender: null });
  });

  it('takes names of any script, with apostrophes, hyphens and dots', async () => {
    const member = await newMember(testApp);
    for (const name of ['Siti Nurhaliza', "O'Brien", 'O’Brien', 'Nguyễn Văn An', '山田 太郎', 'Jean-Luc Picard', 'R. A. Kartini', 'สมชาย ใจดี']) {
      expect(profileOf(await saveProfile(member, { ...rani, email: undefined, name })).name).toBe(name);
    }
  });

  it('refuses a name with digits or other signs, or with no letter, each with the message the form shows', async () => {
    const member = await newMember(testApp);
    for (const name of ['Rani 2', 'R4ni', 'Rani@home', 'Rani_S', ".-'"]) {
      const response = await saveProfile(member, { ...rani, name });
      expect(response.statusCode, name).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'body.name', message: 'The name can have letters only' }] });
    }
    const empty = await saveProfile(member, { ...rani, name: '   ' });
    expect(empty.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'body.name', message: 'Please fill the name.' }] });
    expect((empty.json() as { details: unknown[] }).details).toHaveLength(1);
    expect((await saveProfile(member, { ...rani, name: 'R'.repeat(101) })).statusCode).toBe(400);
    expect(profileOf(await readProfile(member)).name).toBeNull();
  });

  it('refuses an e-mail that is not valid', async () => {
    const member = await newMember(testApp);
    for (const email of ['rani', 'rani@', 'rani@example', 'rani saputra@example.com', 'rani@example.comm']) {
      const response = await saveProfile(member, { ...rani, email });
      expect(response.json(), email).toMatchObject({ statusCode: 400, details: [{ field: 'body.email', message: 'Email is not valid' }] });
    }
    expect((await saveProfile(member, { ...rani, email: '' })).json()).toMatchObject({ details: [{ field: 'body.email', message: 'Please fill the email.' }] });
    expect(profileOf(await readProfile(member)).email).toBeNull();
  });

  it('refuses a birthday the calendar does not have, or one written otherwise', async () => {
    const member = await newMember(testApp);
    for (const birthday of ['1994-02-31', '2023-02-29', '1994-13-01', '17-08-1994', '1994-08-17T00:00:00Z', '1899-12-31']) {
      const response = await saveProfile(member, { ...rani, birthday });
      expect(response.json(), birthday).toMatchObject({ statusCode: 400, details: [{ field: 'body.birthday', message: 'Please input the correct birthday' }] });
    }
    expect(profileOf(await saveProfile(member, { ...rani, email: undefined, birthday: '2024-02-29' })).birthday).toBe('2024-02-29');
  });

  it("refuses a birthday after today, where today is the member's", async () => {
    const member = await newMember(testApp);
    const before = testApp.clock.now();
    // 20:00 in UTC on 15 January is already 16 January in Jakarta, the merchant's zone, but not yet in New York.
    testApp.clock.set(new Date('2026-01-15T20:00:00.000Z'));
    try {
      expect(profileOf(await saveProfile(member, { ...rani, email: undefined, birthday: '2026-01-16' })).birthday).toBe('2026-01-16');
      const inNewYork = await saveProfile(member, { ...rani, birthday: '2026-01-16' }, { headers: { 'x-timezone': 'America/New_York' } });
      expect(inNewYork.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', details: [{ field: 'body.birthday', rule: 'future', message: 'Birthday cannot be in the future' }] });
      expect((await saveProfile(member, { ...rani, birthday: '2031-05-01' })).statusCode).toBe(400);
    } finally {
      testApp.clock.set(before);
    }
    expect(profileOf(await readProfile(member)).birthday).toBe('2026-01-16');
  });

  it('refuses a gender outside the list', async () => {
    const member = await newMember(testApp);
    for (const gender of ['other', 'MALE', '', 1]) {
      const response = await saveProfile(member, { ...rani, gender });
      expect(response.json(), String(gender)).toMatchObject({ statusCode: 400, details: [{ field: 'body.gender' }] });
    }
    expect(profileOf(await saveProfile(member, { ...rani, email: undefined, gender: 'male' })).gender).toBe('male');
  });

  it('refuses an e-mail another member of the merchant has, whatever its case, and lets the member keep their own', async () => {
    const first = await newMember(testApp);
    const second = await newMember(testApp);
    const email = newEmail();
    profileOf(await saveProfile(first, { ...rani, email }));
    const taken = await saveProfile(second, { ...rani, name: 'Budi Santoso', email: email.toUpperCase() });
    expect(taken.json()).toMatchObject({ statusCode: 409, code: 'EMAIL_TAKEN', message: 'This email is already used by another account' });
    expect(profileOf(await readProfile(second))).toMatchObject({ name: null, email: null });
    expect(profileOf(await saveProfile(first, { ...rani, name: 'Rani S.', email })).name).toBe('Rani S.');
  });

  it("leaves another merchant's members alone: their e-mail is no conflict and their profile does not change", async () => {
    const luminaMember = await newMember(testApp, { host: lumina, name: 'Dewi Lestari' });
    const email = newEmail();
    await testApp.db.update(users).set({ email }).where(eq(users.id, luminaMember.userId));
    const kopiMember = await newMember(testApp);
    expect(profileOf(await saveProfile(kopiMember, { ...rani, email })).email).toBe(email);
    expect(profileOf(await readProfile(luminaMember, lumina))).toMatchObject({ name: 'Dewi Lestari', email, birthday: null, gender: null });
    // A Kopi Senja session is no session on Lumina's site.
    expect((await saveProfile(kopiMember, rani, { host: lumina })).statusCode).toBe(401);
  });

  it('keeps the e-mail where members sign in with it: leaving it out or sending it back saves the rest, another one is refused', async () => {
    const member = await newMember(testApp, { host: lumina });
    const email = newEmail();
    await testApp.db.update(users).set({ email }).where(eq(users.id, member.userId));
    expect(profileOf(await readProfile(member, lumina))).toMatchObject({ email, emailEditable: false });

    const changed = await saveProfile(member, { ...rani, email: newEmail() }, { host: lumina });
    expect(changed.json()).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    expect(profileOf(await saveProfile(member, { ...rani, email: undefined }, { host: lumina }))).toMatchObject({ name: rani.name, email });
    expect(profileOf(await saveProfile(member, { ...rani, name: 'Rani', email: email.toUpperCase() }, { host: lumina }))).toMatchObject({ name: 'Rani', email });

    // A member who joined by phone there cannot give an address that would then open the account.
    const byPhone = await newMember(testApp, { host: lumina });
    expect((await saveProfile(byPhone, { ...rani, email: newEmail() }, { host: lumina })).statusCode).toBe(403);
  });

  it("is refused from another site's page, as every write is", async () => {
    const member = await newMember(testApp);
    const response = await saveProfile(member, rani, { headers: { origin: 'https://elsewhere.example' } });
    expect(response.json()).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
  });

  it('answers 401 without a session', async () => {
    expect((await saveProfile(null, rani)).json()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
  });
});
