import { beforeAll, describe, expect, it } from 'vitest';
import { checkoutQuoteSchema, distributorListSchema } from '@kartu/contracts';
import { addAddress, homeInJakarta, officeInBandung } from '../modules/addresses/addresses.test-support.ts';
import { memberWithCard, send, type CardMember } from '../modules/cards/cards.test-support.ts';
import { newCatalog, type TestCatalog } from '../modules/catalog/catalog.test-support.ts';
import type { TestApp } from '../test/test-app.ts';
import { merchantIdOf, useTestApp } from '../test/test-app.ts';
import { kartuOn } from './cli.test-support.ts';

let testApp: TestApp;
let catalog: TestCatalog;
let member: CardMember;

useTestApp((made) => ({ testApp } = made));
beforeAll(async () => {
  const merchantId = await merchantIdOf(testApp.db);
  catalog = await newCatalog(testApp, merchantId);
  member = await memberWithCard(testApp, { merchantId, programId: catalog.programId });
});

const kartu = kartuOn(() => testApp);

async function optionsTo(addressId: string) {
  const response = await send(testApp, 'POST', `/api/v2/cards/${member.card.id}/checkout/quote`, { member, body: { items: [{ productId: catalog.products.beans.id, quantity: 1 }], delivery: { method: 'courier', addressId } } });
  return checkoutQuoteSchema.parse(response.json()).deliveryOptions;
}

describe('kartu programs shop and kartu distributors', () => {
  it("sets how the program's shop delivers, to where, and where orders are picked up", async () => {
    const set = await kartu('programs', 'shop', '--program', catalog.programId, '--delivery', 'courier:9000 instant:15000@10km@2.5kg', '--cover', '31.74,31.71', '--point-value', '100', '--fees', 'application:1000');
    expect(set.code, set.error).toBe(0);
    expect(set.out).toContain('courier 9000, instant 15000 within 10 km up to 2500 g');
    const added = await kartu('distributors', 'add', '--program', catalog.programId, '--name', 'Kopi Senja Blok M', '--address', 'Jl. Melawai 4', '--hours', '07:00–22:00', '--location=-6.2440,106.8000');
    expect(added.code, added.error).toBe(0);
    const distributorId = /id ([0-9a-f-]{36})/.exec(added.out)?.[1] ?? '';

    const home = await addAddress(testApp, member, homeInJakarta({ latitude: -6.2251, longitude: 106.7995 }));
    expect(await optionsTo(home.id)).toEqual([
      { method: 'courier', fee: 9_000, isAvailable: true, unavailableReason: null },
      { method: 'instant', fee: 15_000, isAvailable: true, unavailableReason: null },
      { method: 'pickup', fee: 0, isAvailable: true, unavailableReason: null },
    ]);
    const listed = distributorListSchema.parse((await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/distributors`, { member })).json());
    expect(listed.data).toEqual([expect.objectContaining({ id: distributorId, name: 'Kopi Senja Blok M', openingHours: '07:00–22:00', latitude: -6.244 })]);

    // Only what is given changes: Bandung is not covered, and the fees stay.
    expect((await kartu('programs', 'shop', '--program', catalog.programId, '--delivery', 'courier:0')).code).toBe(0);
    const bandung = await addAddress(testApp, member, officeInBandung());
    expect(await optionsTo(bandung.id).catch(() => [])).toEqual([]);
    expect((await kartu('programs', 'shop', '--program', catalog.programId, '--cover', 'everywhere')).code).toBe(0);
    expect((await optionsTo(bandung.id))[0]).toEqual({ method: 'courier', fee: 0, isAvailable: true, unavailableReason: null });

    expect((await kartu('distributors', 'remove', '--program', catalog.programId, '--id', distributorId)).code).toBe(0);
    expect(distributorListSchema.parse((await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/distributors`, { member })).json()).data).toEqual([]);
  });

  it("turns on the rounding of the program's totals to the smallest cash unit, for the methods named", async () => {
    const set = await kartu('programs', 'shop', '--program', catalog.programId, '--delivery', 'courier:9050', '--fees', 'application:1000 rounding:cash@qris');
    expect(set.code, set.error).toBe(0);
    expect(set.out).toContain('application 1000, rounding to 100');
    const home = await addAddress(testApp, member, homeInJakarta());
    const quote = async (paymentMethod: string) => {
      const response = await send(testApp, 'POST', `/api/v2/cards/${member.card.id}/checkout/quote`, { member, body: { items: [{ productId: catalog.products.moneyOnly.id, quantity: 1 }], delivery: { method: 'courier', addressId: home.id }, paymentMethod } });
      return checkoutQuoteSchema.parse(response.json());
    };
    // Rp 85,000 + 9,050 + 1,000 = 95,050: rounded down to 95,000 by QRIS, left as it is otherwise.
    expect((await quote('qris')).fees).toEqual([{ type: 'shipping', amount: 9_050 }, { type: 'application', amount: 1_000 }, { type: 'rounding', amount: -50 }]);
    expect((await quote('virtual_account')).payment.money).toBe(95_050);
    expect((await kartu('programs', 'shop', '--program', catalog.programId, '--fees', 'rounding:250')).code).toBe(2);
    expect((await kartu('programs', 'shop', '--program', catalog.programId, '--fees', 'application:1000')).code).toBe(0);
  });

  it('saves promo codes members apply at checkout', async () => {
    expect((await kartu('promos', 'save', '--program', catalog.programId, '--code', 'beans15', '--percent', '15', '--minimum-points', '900')).code).toBe(0);
    const response = await send(testApp, 'POST', `/api/v2/cards/${member.card.id}/checkout/quote`, { member, body: { items: [{ productId: catalog.products.beans.id, quantity: 1 }], promoCode: 'BEANS15' } });
    expect(checkoutQuoteSchema.parse(response.json()).promo).toMatchObject({ code: 'BEANS15', discount: { points: 135 }, problem: null });
    expect((await kartu('promos', 'save', '--program', catalog.programId, '--code', 'BEANS15', '--percent', '15', '--inactive')).code).toBe(0);
    const after = await send(testApp, 'POST', `/api/v2/cards/${member.card.id}/checkout/quote`, { member, body: { items: [{ productId: catalog.products.beans.id, quantity: 1 }], promoCode: 'BEANS15' } });
    expect(checkoutQuoteSchema.parse(after.json()).promo?.problem).toBe('not_found');
    expect((await kartu('promos', 'save', '--program', catalog.programId, '--code', 'X', '--percent', '15')).code).toBe(1);
    expect((await kartu('promos', 'save', '--program', catalog.programId, '--code', 'TWO', '--percent', '15', '--points', '5')).code).toBe(2);
    expect((await kartu('promos', 'save', '--program', catalog.programId, '--code', 'HUGE', '--percent', '150')).code).toBe(1);
  });

  it('refuses what it cannot read', async () => {
    expect((await kartu('programs', 'shop', '--program', catalog.programId, '--delivery', 'drone:5')).code).toBe(2);
    expect((await kartu('programs', 'shop', '--program', catalog.programId, '--delivery', 'courier:0@5lb')).code).toBe(2);
    expect((await kartu('programs', 'shop', '--program', catalog.programId, '--cover', '99.99')).code).toBe(1);
    expect((await kartu('programs', 'shop', '--program', catalog.programId, '--delivery', 'courier:0 courier:5')).code).toBe(1);
    expect((await kartu('distributors', 'add', '--program', catalog.programId, '--name', 'X', '--address', 'Y', '--location', 'north')).code).toBe(2);
    expect((await kartu('programs', 'shop', '--program', 'nope')).code).toBe(1);
  });
});
