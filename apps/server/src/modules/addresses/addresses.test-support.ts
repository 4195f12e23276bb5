import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { addressAnswerSchema, type Address, type AddressBody } from '@kartu/contracts';
import type { TestMember } from '../../test/members.ts';
import type { TestApp } from '../../test/test-app.ts';
import { send } from '../cards/cards.test-support.ts';

// Shared steps of the address tests: a valid address, and calls as a member.

/** A home in Senayan, Kebayoran Baru, Jakarta Selatan, with the recipient's phone as a member types it. */
export function homeInJakarta(fields: Partial<AddressBody> = {}): AddressBody {
  return {
    type: 'home',
    recipientName: 'Sari Wulandari',
    recipientPhone: '0812-3456-7890',
    provinceCode: '31',
    regencyCode: '31.74',
    districtCode: '31.74.07',
    villageCode: '31.74.07.1006',
    fullAddress: 'Jl. Senayan No. 7',
    zip: '12190',
    note: 'Ring the bell twice',
    ...fields,
  };
}

/** An office in Cipaganti, Coblong, Kota Bandung. */
export function officeInBandung(fields: Partial<AddressBody> = {}): AddressBody {
  return homeInJakarta({
    type: 'office',
    provinceCode: '32',
    regencyCode: '32.73',
    districtCode: '32.73.02',
    villageCode: '32.73.02.1001',
    fullAddress: 'Jl. Cipaganti No. 100, lantai 3',
    zip: '40131',
    note: null,
    ...fields,
  });
}

/** An address call, as a member's app makes it when `member` is given. */
export function sendAddressCall(
  testApp: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { member?: Pick<TestMember, 'token'>; body?: object } = {},
): Promise<LightMyRequestResponse> {
  return send(testApp, method, url, options);
}

/** Adds an address as the member, a second after the previous one so that "newest" is clear. */
export async function addAddress(testApp: TestApp, member: Pick<TestMember, 'token'>, body: AddressBody = homeInJakarta()): Promise<Address> {
  testApp.clock.advance(1_000);
  const response = await sendAddressCall(testApp, 'POST', '/api/v2/addresses', { member, body });
  expect(response.statusCode, response.body).toBe(201);
  return addressAnswerSchema.parse(response.json()).data;
}
