// The chaos run's members. Each signs up the way the app does it (a one-time code read from the
// development outbox, then a new PIN) and adds to their wallet a card of the demo merchant's points
// program that the till issued; adding it grants the program's welcome reward, claimed later.
import { randomBytes, randomInt } from 'node:crypto';
import { call, demoMember, expectOk } from '../support.mjs';

const bearer = (token) => ({ authorization: `Bearer ${token}` });
const ENROL_AT_ONCE = 5;

/** The program of the demo member's points card: the one every chaos card belongs to. */
export async function pointsProgramId(port, tillKey) {
  const path = `/integration/v1/members/${encodeURIComponent(demoMember.e164)}/cards`;
  const listed = await expectOk(call(port, 'GET', path, { headers: bearer(tillKey) }), 'member cards');
  const card = listed.json().data.find((candidate) => candidate.balance.unit === 'POINT');
  if (!card) throw new Error('The demo member has no points card');
  return card.programId;
}

function newPhones(count) {
  const phones = new Set([demoMember.phone, '081233334444']);
  while (phones.size < count + 2) phones.add(`0812${randomInt(10_000_000, 100_000_000)}`);
  return [...phones].slice(2);
}

async function codeSentTo(port, e164) {
  const outbox = await expectOk(call(port, 'GET', `/api/dev/outbox?to=${encodeURIComponent(e164)}`), 'dev outbox');
  const code = outbox.json().data.find((message) => message.code)?.code;
  if (!code) throw new Error('No code reached the development outbox');
  return code;
}

/** A new member with a PIN, signed in on a device of their own: their user id and session token. */
async function signUp(port, { phone, pin }) {
  const device = { 'x-device-id': randomBytes(16).toString('base64url') };
  const identifier = { identifierType: 'phone', identifierValue: phone, countryCode: '62' };
  const e164 = `+62${phone.slice(1)}`;
  await expectOk(call(port, 'POST', '/api/auth/check-credential', { body: identifier, headers: device }), 'check-credential');
  const otp = await codeSentTo(port, e164);
  const verified = await expectOk(call(port, 'POST', '/api/auth/verify-otp', { body: { ...identifier, otp }, headers: device }), 'verify-otp');
  const pending = verified.json().accessToken;
  const created = await expectOk(call(port, 'POST', '/api/auth/register-pin', { body: { pin }, headers: { ...device, ...bearer(pending) } }), 'register-pin');
  const { user, accessToken } = created.json();
  return { phone, e164, userId: user.id, token: accessToken };
}

/** A card the till issues to nobody yet; the member adds it by its number, as from a printed card. */
async function issueCard(port, { tillKey, programId, key }) {
  const headers = { ...bearer(tillKey), 'idempotency-key': key };
  const issued = await expectOk(call(port, 'POST', '/integration/v1/cards', { body: { programId }, headers }), 'issue card');
  return issued.json().number;
}

async function addCard(port, { token, number }) {
  const added = await expectOk(call(port, 'POST', '/api/v2/cards/register', { body: { number }, headers: bearer(token) }), 'add card');
  return added.json().cardId;
}

async function welcomeRewardOf(port, { token, cardId }) {
  const listed = await expectOk(call(port, 'GET', `/api/v2/cards/${cardId}/rewards`, { headers: bearer(token) }), 'card rewards');
  const reward = listed.json().data.find((candidate) => candidate.kind === 'welcome' && candidate.status === 'claimable');
  if (!reward) throw new Error('Adding the card granted no welcome reward');
  return { id: reward.id, amount: reward.amount };
}

async function enrol(port, { phone, pin, tillKey, programId, key }) {
  const member = await signUp(port, { phone, pin });
  const number = await issueCard(port, { tillKey, programId, key });
  const cardId = await addCard(port, { token: member.token, number });
  const reward = await welcomeRewardOf(port, { token: member.token, cardId });
  return { ...member, card: { id: cardId, number }, reward, rewardTaken: false };
}

/** `count` members, each with a card of the program and a welcome reward to claim. */
export async function enrolMembers(port, { count, pin, tillKey, programId, runId }) {
  const phones = newPhones(count);
  const members = [];
  for (let first = 0; first < count; first += ENROL_AT_ONCE) {
    const batch = phones.slice(first, first + ENROL_AT_ONCE);
    const enrolled = await Promise.all(batch.map((phone, offset) => enrol(port, { phone, pin, tillKey, programId, key: `chaos-${runId}-card-${first + offset}` })));
    members.push(...enrolled);
  }
  return members.map((member, index) => ({ ...member, index }));
}
