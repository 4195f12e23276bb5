import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CheckoutQuote } from '@kartu/contracts';
import { paths } from '../../../config/paths.ts';
import { errorAnswer, okAnswer } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { addToCart, clearCart, getCart } from '../../../lib/cart-store.ts';
import {
  addressesPath,
  beans,
  cardId,
  checkoutQuote,
  checkoutQuotePath,
  deliveryAddress,
  distributorsPath,
  order,
  ordersPath,
  paymentOptionsPath,
  shopCard,
  stubShop,
  voucher,
} from '../../../test/shop.test-support.ts';
import { CheckoutPage } from './checkout-page.tsx';

const home = deliveryAddress({ id: 'addr-home', isPrimary: true });
const office = deliveryAddress({ id: 'addr-office', type: 'office', fullAddress: 'Jl. Sudirman 1' });
const paymentOptions = { isValid: true, listPayment: ['virtual_account', 'qris', 'cash_on_delivery'], publicKey: null, provider: 'xendit', tokenizationUrl: null };
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Paid in points alone, by a free courier: nothing to pay in money. */
const pointsOnly = checkoutQuote({
  deliveryOptions: [{ method: 'courier', fee: 0, isAvailable: true, unavailableReason: null }],
  fees: [],
  total: { points: 2400, money: 0 },
  payment: { points: 2400, money: 0, pointsShortfall: 0, balance: 5000, needsPaymentMethod: false },
});

function renderCheckout() {
  return renderPage(<CheckoutPage />, { path: paths.cardCheckout.path, history: [`/cards/${cardId}/catalogs/carts`, `/cards/${cardId}/catalogs/checkout`] });
}

function stubCheckout(quotes: CheckoutQuote[], extra: Parameters<typeof stubShop>[0] = {}, card = shopCard()) {
  return stubShop(
    {
      [`POST ${checkoutQuotePath}`]: quotes.map((quote) => () => okAnswer(quote)),
      [`GET ${addressesPath}`]: () => okAnswer({ data: [home, office] }),
      [`POST ${paymentOptionsPath}`]: () => okAnswer(paymentOptions),
      ...extra,
    },
    card,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CheckoutPage', () => {
  it('prices the cart to the primary address, places it in points with an Idempotency-Key, empties the cart and opens the order', async () => {
    addToCart(cardId, beans, 2);
    const api = stubCheckout([pointsOnly], { [`POST ${ordersPath}`]: () => okAnswer({ data: order({ id: 'ord-9' }) }, 201) });
    renderCheckout();
    const user = userEvent.setup();

    await waitFor(() => expect(api.bodiesOf(checkoutQuotePath).at(-1)).toEqual({ items: [{ productId: beans.id, quantity: 2 }], delivery: { method: 'courier', addressId: home.id } }));
    expect(api.bodiesOf(checkoutQuotePath)[0]).toEqual({ items: [{ productId: beans.id, quantity: 2 }] });
    expect(screen.getByRole('radio', { name: /Jl\. Tebet Raya 12/ })).toBeChecked();
    expect(screen.getByRole('list', { name: 'Items in the order' })).toHaveTextContent('Gayo Arabica 250 g');
    const price = screen.getByRole('region', { name: 'Price details' });
    expect(within(price).getByText('Total').closest('div')).toHaveTextContent('2.400 Pts');
    expect(screen.queryByRole('group', { name: 'Payment method' })).not.toBeInTheDocument();
    expect(screen.queryByText('Payment source not sufficient. Combine it with another payment method')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add an address' })).toHaveAttribute('href', `/settings/addresses/new?return=${encodeURIComponent(`/cards/${cardId}/catalogs/checkout`)}`);

    await user.type(screen.getByRole('textbox', { name: 'Note for the merchant (optional)' }), 'Ring twice');
    await user.click(await screen.findByRole('button', { name: 'Place order' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/cards/${cardId}/orders/ord-9`));
    const [placed] = api.to('POST', ordersPath);
    expect(placed?.headers.get('idempotency-key')).toMatch(uuid);
    expect(placed?.body).toEqual({ items: [{ productId: beans.id, quantity: 2 }], delivery: { method: 'courier', addressId: home.id }, note: 'Ring twice' });
    expect(getCart(cardId)).toEqual([]);
  });

  it('shows the cart’s price as final, not loading, while the member has no address to deliver to', async () => {
    addToCart(cardId, beans, 2);
    stubCheckout([pointsOnly], { [`GET ${addressesPath}`]: () => okAnswer({ data: [] }) });
    renderCheckout();

    expect(await screen.findByText('You have no delivery address yet. Add one to continue.')).toBeInTheDocument();
    const price = screen.getByRole('region', { name: 'Price details' });
    expect(within(price).getByText('Total').closest('div')).toHaveTextContent('2.400 Pts');
    expect(price).not.toHaveAttribute('aria-busy');
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
  });

  it('says points are short and asks for a payment method, which the quote and the order then carry', async () => {
    addToCart(cardId, beans, 2);
    const short = checkoutQuote({ payment: { points: 1400, money: 22_000, pointsShortfall: 1000, balance: 1400, needsPaymentMethod: true } });
    const api = stubCheckout([short], { [`POST ${ordersPath}`]: () => okAnswer({ data: order({ status: 'waiting_payment' }) }, 201) });
    renderCheckout();
    const user = userEvent.setup();

    expect(await screen.findByText('Payment source not sufficient. Combine it with another payment method')).toBeInTheDocument();
    const methods = await screen.findByRole('group', { name: 'Payment method' });
    expect(within(methods).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['virtual_account', 'qris', 'cash_on_delivery']);

    await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Choose a payment method')).toBeInTheDocument();
    expect(api.to('POST', ordersPath)).toEqual([]);

    await user.click(within(methods).getByRole('radio', { name: 'Virtual account' }));
    await waitFor(() => expect(api.bodiesOf(checkoutQuotePath).at(-1)).toMatchObject({ paymentMethod: 'virtual_account' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(api.to('POST', ordersPath)).toHaveLength(1));
    expect(api.to('POST', ordersPath)[0]?.body).toMatchObject({ paymentMethod: 'virtual_account', delivery: { method: 'instant', addressId: home.id } });
  });

  it('says why a delivery option cannot reach the address, in the spec words', async () => {
    addToCart(cardId, beans, 1);
    stubCheckout([
      checkoutQuote({
        deliveryOptions: [
          { method: 'instant', fee: 25_000, isAvailable: false, unavailableReason: 'address_needs_location' },
          { method: 'courier', fee: 12_000, isAvailable: false, unavailableReason: 'area_not_covered' },
        ],
        isValid: false,
      }),
    ]);
    renderCheckout();
    const options = await screen.findByRole('group', { name: 'Delivery option' });
    const instant = within(options).getByRole('radio', { name: /Instant/ });
    const courier = within(options).getByRole('radio', { name: /Courier/ });
    expect(instant).toBeDisabled();
    expect(instant).toHaveAccessibleDescription('Please update this address with its location');
    expect(courier).toBeDisabled();
    expect(courier).toHaveAccessibleDescription('Shipment to your area is currently not yet available');
    const checkout = `/cards/${cardId}/catalogs/checkout`;
    expect(await screen.findByRole('link', { name: "Add this address's location" })).toHaveAttribute('href', `/settings/addresses/${home.id}?return=${encodeURIComponent(checkout)}`);
  });

  it('says when the items are over an option’s weight limit', async () => {
    addToCart(cardId, beans, 9);
    stubCheckout([
      checkoutQuote({
        deliveryOptions: [
          { method: 'instant', fee: 25_000, isAvailable: false, unavailableReason: 'too_heavy' },
          { method: 'courier', fee: 12_000, isAvailable: true, unavailableReason: null },
        ],
      }),
    ]);
    renderCheckout();
    const options = await screen.findByRole('group', { name: 'Delivery option' });
    const instant = within(options).getByRole('radio', { name: /Instant/ });
    expect(instant).toBeDisabled();
    expect(instant).toHaveAccessibleDescription('Your items are over the weight or volume limit of this delivery');
    expect(within(options).getByRole('radio', { name: /Courier/ })).toBeChecked();
  });

  it('says there is no shipping or payment method when the program offers none for this cart, and places nothing', async () => {
    addToCart(cardId, beans, 1);
    stubCheckout([checkoutQuote({ deliveryOptions: [] })]);
    const first = renderCheckout();
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no shipping or payment method for this order. Please contact the merchant.');
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
    first.unmount();

    // Money to pay, and the only method the card has is cash on delivery, which a voucher cart cannot use.
    clearCart(cardId);
    addToCart(cardId, voucher, 1);
    const owing = checkoutQuote({ needsDelivery: false, deliveryOptions: [{ method: 'none', fee: 0, isAvailable: true, unavailableReason: null }], payment: { points: 0, money: 50_000, pointsShortfall: 0, balance: 0, needsPaymentMethod: true } });
    stubCheckout([owing], { [`POST ${paymentOptionsPath}`]: () => okAnswer({ ...paymentOptions, listPayment: ['cash_on_delivery'] }) });
    renderCheckout();
    expect(await screen.findByText('There is no shipping or payment method for this order. Please contact the merchant.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Payment method' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled());
  });

  it('prices the cart again for another address, and for pickup at a chosen distributor', async () => {
    addToCart(cardId, beans, 1);
    const outlet = { id: 'dst-1', name: 'Kopi Senja Tebet', address: 'Jl. Tebet Raya 40', phone: null, openingHours: null, latitude: null, longitude: null };
    const api = stubCheckout([checkoutQuote()], { [`GET ${distributorsPath}`]: () => okAnswer({ data: [outlet] }) });
    renderCheckout();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('radio', { name: /Jl\. Sudirman 1/ }));
    await waitFor(() => expect(api.bodiesOf(checkoutQuotePath).at(-1)).toMatchObject({ delivery: { method: 'instant', addressId: office.id } }));
    await user.click(screen.getByRole('radio', { name: /Courier/ }));
    await waitFor(() => expect(api.bodiesOf(checkoutQuotePath).at(-1)).toMatchObject({ delivery: { method: 'courier', addressId: office.id } }));

    await user.click(screen.getByRole('radio', { name: 'Pick up' }));
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
    await user.click(await screen.findByRole('radio', { name: /Kopi Senja Tebet/ }));
    await waitFor(() => expect(api.bodiesOf(checkoutQuotePath).at(-1)).toEqual({ items: [{ productId: beans.id, quantity: 1 }], delivery: { method: 'pickup', distributorId: 'dst-1' } }));
    expect(screen.queryByRole('group', { name: 'Delivery option' })).not.toBeInTheDocument();
  });

  it("delivers to the program's fixed address without asking for one", async () => {
    addToCart(cardId, beans, 1);
    const fixed = { recipientName: 'PT Senja', recipientPhone: '+62215550000', fullAddress: 'Jl. Kopi 1', village: 'Menteng', district: 'Menteng', regency: 'Kota Jakarta Pusat', province: 'DKI Jakarta', zip: '10310', countryCode: 'ID', villageCode: '31.71.06.1001' };
    const api = stubCheckout([pointsOnly], {}, shopCard({ isFixedAddress: true, fixedAddressDetail: fixed }));
    renderCheckout();
    expect(await screen.findByText("Delivered to your program's address")).toBeInTheDocument();
    expect(screen.getByText('Jl. Kopi 1')).toBeInTheDocument();
    await waitFor(() => expect(api.bodiesOf(checkoutQuotePath).at(-1)).toMatchObject({ delivery: { method: 'courier' } }));
    expect(api.bodiesOf(checkoutQuotePath).at(-1)).not.toHaveProperty('delivery.addressId');
    expect(api.to('GET', addressesPath)).toEqual([]);
    expect(screen.queryByRole('radio', { name: /Pick up/ })).not.toBeInTheDocument();
  });

  it("shows the server's refusal translated, and a retry of the same attempt keeps its key", async () => {
    addToCart(cardId, beans, 2);
    const api = stubCheckout([pointsOnly], { [`POST ${ordersPath}`]: () => errorAnswer('DELIVERY_NOT_AVAILABLE', { message: 'raw server words' }) });
    renderCheckout();
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Shipment to your area is currently not yet available');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(api.to('POST', ordersPath)).toHaveLength(2));
    const [first, second] = api.to('POST', ordersPath);
    expect(second?.headers.get('idempotency-key')).toBe(first?.headers.get('idempotency-key'));
    expect(getCart(cardId)).toHaveLength(1);
    expect(screen.getByTestId('location')).toHaveTextContent(`/cards/${cardId}/catalogs/checkout`);
  });

  it('applies a promo code: the quote is asked with it, and says what it takes off or why it does not apply', async () => {
    addToCart(cardId, beans, 2);
    const refused = checkoutQuote({ ...pointsOnly, promo: { code: 'SENJA10', minimum: { points: 5000, money: null }, discount: null, problem: 'minimum_not_met' }, isValid: false });
    const applied = checkoutQuote({ ...pointsOnly, promo: { code: 'SENJA10', minimum: { points: 1500, money: null }, discount: { code: 'SENJA10', points: 240, money: 0 }, problem: null }, total: { points: 2160, money: 0 } });
    const api = stubCheckout([pointsOnly, pointsOnly, refused, pointsOnly, applied]);
    renderCheckout();
    const user = userEvent.setup();
    await waitFor(() => expect(api.bodiesOf(checkoutQuotePath).at(-1)).toMatchObject({ delivery: { method: 'courier' } }));

    await user.type(screen.getByRole('textbox', { name: 'Promo code' }), 'senja10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This promo needs physical items of at least 5.000 Pts');
    expect(api.bodiesOf(checkoutQuotePath).at(-1)).toMatchObject({ promoCode: 'senja10' });
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.bodiesOf(checkoutQuotePath).at(-1)).not.toHaveProperty('promoCode'));
    await user.type(screen.getByRole('textbox', { name: 'Promo code' }), 'SENJA10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('status')).toHaveTextContent('SENJA10 applied: 240 Pts off');
    expect(within(screen.getByRole('region', { name: 'Price details' })).getByText('Discount (SENJA10)').closest('div')).toHaveTextContent('240 Pts');
  });

  it('applies one of the card’s vouchers for online orders, instead of a promo code, and says why one does not apply', async () => {
    addToCart(cardId, beans, 2);
    const treat = {
      id: 'v-online',
      template: { id: 'tpl-online', name: 'Online order treat', valueText: '200 points off', image: null, usableAt: 'ecommerce' },
      description: null,
      terms: null,
      status: 'active',
      code: 'H7KQM3PX9ABCD',
      codeKept: 'server',
      externalCode: null,
      cardId,
      isHidden: false,
      issuedAt: '2026-11-20T03:00:00.000Z',
      expiresAt: '2026-12-20T03:00:00.000Z',
      usedAt: null,
      usedPlace: null,
      giftCard: null,
    };
    const counterOnly = { ...treat, id: 'v-counter', template: { ...treat.template, id: 'tpl-kopi', name: 'Kopi Susu', usableAt: 'in_store' } };
    const wallet = { data: [{ template: treat.template, activeCount: 1, vouchers: [treat] }, { template: counterOnly.template, activeCount: 1, vouchers: [counterOnly] }] };
    const short = checkoutQuote({ ...pointsOnly, voucher: { voucherId: 'v-online', name: 'Online order treat', minimum: { points: 5000, money: null }, discount: null, problem: 'minimum_not_met' }, isValid: false });
    const api = stubCheckout([pointsOnly, pointsOnly, short], { 'GET /api/v2/vouchers': () => okAnswer(wallet) });
    renderCheckout();
    const user = userEvent.setup();
    await waitFor(() => expect(api.bodiesOf(checkoutQuotePath).at(-1)).toMatchObject({ delivery: { method: 'courier' } }));
    expect(api.to('GET', '/api/v2/vouchers')[0]?.query.get('cardId')).toBe(cardId);

    await user.click(await screen.findByRole('button', { name: 'Choose a voucher (1 available)' }));
    const sheet = await screen.findByRole('dialog', { name: 'Your vouchers for online orders' });
    expect(within(sheet).queryByText('Kopi Susu')).not.toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: /Online order treat/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This voucher needs an order of at least 5.000 Pts');
    expect(api.bodiesOf(checkoutQuotePath).at(-1)).toMatchObject({ voucherId: 'v-online' });
    expect(api.bodiesOf(checkoutQuotePath).at(-1)).not.toHaveProperty('promoCode');
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
  });
});
