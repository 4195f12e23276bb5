import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BillCategory } from '@kartu/contracts';
import { toast } from '../../../components/feedback/toast-store.ts';
import { paths } from '../../../config/paths.ts';
import { errorAnswer, okAnswer, stubApi, type Answer } from '../../../test/api-stub.test-support.ts';
import { cardPath, shopCard } from '../../../test/shop.test-support.ts';
import { billCardId, billId, billPath, billPaymentOf, billProducts, billsPath, checkPath, productsRoute, quoteOf, renderBills } from '../bills.test-support.tsx';

const pointsCard = (amount = 5_000): Answer => () => okAnswer(shopCard({ balance: { amount, unit: 'POINT', expiring: [] } }));

function stubCategory(category: BillCategory, { card = pointsCard(), ...more }: { card?: Answer } & Record<string, Answer | Answer[]> = {}) {
  return stubApi({ [`GET ${cardPath}`]: card, [productsRoute(category)]: () => okAnswer({ data: billProducts[category] }), ...more });
}

const openCategory = (category: BillCategory, query?: Record<string, string>) => renderBills(paths.cardBillCategory.href({ cardId: billCardId, category }, query));
const checked: (quote?: Parameters<typeof quoteOf>[0]) => Answer = (quote) => () => okAnswer({ data: quoteOf(quote) });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('BillCategoryPage: the customer number', () => {
  it.each([
    ['mobile_credit', 'Phone number', 'tel', 'The mobile number to top up, such as 0812 3456 7890'],
    ['ewallet', 'Phone number', 'tel', 'The phone number the e-wallet account is registered with'],
    ['electricity_token', 'Meter number or customer ID', 'numeric', 'The 11-digit meter number or the 12-digit customer ID Unavailable 23:30–00:59 WIB Payments are verified within 24 working hours at most.'],
    ['electricity_postpaid', 'Customer ID', 'numeric', 'The 12-digit customer ID on your electricity bill Unavailable 23:30–00:59 WIB Payments are verified within 24 working hours at most.'],
    ['health_insurance', 'BPJS virtual account number', 'numeric', '16 digits starting with 88888 Payments are verified within 1×24 working hours.'],
    ['water', 'Water customer number', 'numeric', 'The customer number on your water bill Unavailable 23:30–00:59 WIB'],
  ] as const)('asks %s for its number by its name, with its keyboard and notes', async (category, label, inputMode, description) => {
    stubCategory(category);
    openCategory(category);
    const field = await screen.findByLabelText(label);
    expect(field).toHaveAttribute('inputmode', inputMode);
    expect(field).toHaveAccessibleDescription(description);
  });

  it('names the operator as the phone is typed, and its tab follows the number', async () => {
    stubCategory('mobile_credit');
    openCategory('mobile_credit');
    const user = userEvent.setup();
    const phone = await screen.findByLabelText('Phone number');
    expect(screen.getByRole('tab', { name: 'Telkomsel' })).toHaveAttribute('aria-selected', 'true');

    await user.type(phone, '0857-1234-5678');
    expect(screen.getByText('Operator: Indosat')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Indosat' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Indosat' });
    expect(within(panel).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['Indosat Rp 10.000Rp 11.500', 'Indosat Rp 25.000Rp 26.500']);
  });

  it('refuses a phone of another operator than the chosen product’s before sending anything', async () => {
    const api = stubCategory('mobile_credit');
    openCategory('mobile_credit');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Phone number'), '081234567890');
    expect(screen.getByText('Operator: Telkomsel')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'XL' }));
    await user.click(screen.getByRole('radio', { name: /XL Rp 10.000/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(screen.getByRole('alert')).toHaveTextContent('A phone number must belong to the selected provider');
    expect(screen.getByLabelText('Phone number')).toHaveFocus();
    expect(screen.getByLabelText('Phone number')).toHaveValue('081234567890');
    expect(api.to('POST', checkPath)).toHaveLength(0);
  });

  it('asks for a valid phone and a product before sending anything', async () => {
    const api = stubCategory('mobile_data');
    openCategory('mobile_data');
    const user = userEvent.setup();
    const phone = await screen.findByLabelText('Phone number');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Enter the phone number.', 'Choose what to buy.']);
    expect(phone).toHaveFocus();

    await user.click(screen.getByRole('radio', { name: /Telkomsel 2 GB/ }));
    await user.type(phone, '0211234567');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid phone number, please try again');
    expect(phone).toHaveAccessibleDescription('The mobile number to top up, such as 0812 3456 7890 Invalid phone number, please try again');

    // A number of another operator drops the product chosen of this one: it is chosen again.
    await user.clear(phone);
    await user.type(phone, '085712345678');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose what to buy.');
    expect(screen.getByRole('radio', { name: /Indosat 2 GB/ })).toHaveFocus();
    expect(api.to('POST', checkPath)).toHaveLength(0);
  });

  it('shows the admin fee of an e-wallet top-up', async () => {
    stubCategory('ewallet');
    openCategory('ewallet');
    expect(await screen.findByRole('tab', { name: 'GoPay' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByText(/Operator:/)).not.toBeInTheDocument();
    const gopay = screen.getByRole('radio', { name: /GoPay Rp 10.000/ }).closest('label');
    expect(gopay).toHaveTextContent('Rp 10.500');
    expect(gopay).toHaveTextContent('Incl. admin fee Rp 500');
  });
});

describe('BillCategoryPage: checking and paying', () => {
  it('checks a prepaid product, pays it with points and shows the serial number', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    const api = stubCategory('mobile_credit', {
      [`POST ${checkPath}`]: checked(),
      [`POST ${billsPath}`]: () => okAnswer({ data: billPaymentOf() }, 201),
      [`GET ${billPath}`]: () => okAnswer({ data: billPaymentOf() }),
    });
    openCategory('mobile_credit');
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    await user.type(await screen.findByLabelText('Phone number'), '081234567890');
    await user.click(screen.getByRole('radio', { name: /Telkomsel Rp 10.000/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const quote = await screen.findByRole('region', { name: 'Check the details' });
    await vi.waitFor(() => expect(within(quote).getByRole('heading', { level: 2 })).toHaveFocus());
    expect(api.bodiesOf(checkPath)).toEqual([{ sku: 'telkomsel-credit-10', customerNo: '081234567890' }]);
    const facts = Object.fromEntries(within(quote).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(facts).toEqual({ Product: 'Telkomsel Rp 10.000', 'Customer number': '081234567890', Total: 'Rp 11.500' });
    expect(within(quote).getByRole('timer', { name: 'Time left to pay' })).toBeInTheDocument();
    const points = within(quote).getByRole('radio', { name: /Points/ });
    expect(points).toBeChecked();
    expect(points.closest('label')).toHaveTextContent('Points1.150 PtsYou have 5.000 Pts');
    expect(within(quote).queryByRole('radio', { name: /Card balance/ })).not.toBeInTheDocument();

    await user.click(within(quote).getByRole('button', { name: 'Pay' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Payment successful' });
    await vi.waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByTestId('location')).toHaveTextContent(`/cards/${billCardId}/bills/payments/${billId}`);
    const [paid] = api.to('POST', billsPath);
    expect(paid?.body).toEqual({ checkId: quoteOf().checkId, source: 'points' });
    expect(paid?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    expect(screen.getByText('SN-4471-2290-8812')).toHaveClass('bill-serial__number');
    await user.click(screen.getByRole('button', { name: 'Copy the serial number' }));
    expect(writeText).toHaveBeenCalledWith('SN-4471-2290-8812');
    expect(toast.getToasts().map((item) => item.message)).toEqual(['Copied to clipboard']);
  });

  it('sends a payment refused on its way again with the same Idempotency-Key', async () => {
    const api = stubCategory('mobile_credit', {
      [`POST ${checkPath}`]: checked(),
      [`POST ${billsPath}`]: [() => errorAnswer('INTERNAL'), () => okAnswer({ data: billPaymentOf() }, 201)],
      [`GET ${billPath}`]: () => okAnswer({ data: billPaymentOf() }),
    });
    openCategory('mobile_credit', { customerNo: '081234567890', sku: 'telkomsel-credit-10' });
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Phone number')).toHaveValue('081234567890');
    expect(screen.getByRole('radio', { name: /Telkomsel Rp 10.000/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something happens in our side, please retry in a few moment.');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Payment successful' })).toBeInTheDocument();
    const [first, second] = api.to('POST', billsPath);
    expect(second?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
  });

  it('checks a postpaid bill and shows whom it is for and its period', async () => {
    const quote = quoteOf({
      sku: 'pln-postpaid',
      productName: 'PLN postpaid',
      customerNo: '512345678901',
      customerName: 'BUDI SANTOSO',
      period: '202602, 202603',
      details: { tarif: 'R1', daya: '1300', lembar_tagihan: '2' },
      amount: 187_500,
      adminFee: 2_500,
      cost: { points: 18_750, balance: null, unit: 'POINT' },
    });
    const api = stubCategory('electricity_postpaid', { [`POST ${checkPath}`]: checked(quote) });
    openCategory('electricity_postpaid');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Customer ID'), '5123 4567 8901');
    expect(screen.getByLabelText('Customer ID')).toHaveValue('512345678901');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check bill' }));

    const region = await screen.findByRole('region', { name: 'Check the details' });
    expect(api.bodiesOf(checkPath)).toEqual([{ sku: 'pln-postpaid', customerNo: '512345678901' }]);
    const facts = Object.fromEntries(within(region).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(facts).toEqual({
      Product: 'PLN postpaid',
      'Customer number': '512345678901',
      'Customer name': 'BUDI SANTOSO',
      Period: 'Feb 2026, Mar 2026',
      Tariff: 'R1',
      'Power (VA)': '1300',
      'Months billed': '2',
      Price: 'Rp 185.000',
      'Admin fee': 'Rp 2.500',
      Total: 'Rp 187.500',
    });
    // 5.000 points are not enough for 18.750: the choice says so, and Pay waits.
    const points = within(region).getByRole('radio', { name: /Points/ });
    expect(points).toBeDisabled();
    expect(points.closest('label')).toHaveTextContent('You have 5.000 Pts: not enough for this payment');
    expect(within(region).getByRole('button', { name: 'Pay' })).toBeDisabled();
  });

  it('pays from a cash card’s balance', async () => {
    const api = stubCategory('ewallet', {
      card: () => okAnswer(shopCard({ programType: 'cash', balance: { amount: 100_000, unit: 'CASH', expiring: [] } })),
      [`POST ${checkPath}`]: checked({ sku: 'gopay-10', productName: 'GoPay Rp 10.000', amount: 10_500, adminFee: 500, cost: { points: null, balance: 10_500, unit: 'CASH' } }),
      [`POST ${billsPath}`]: () => okAnswer({ data: billPaymentOf({ category: 'ewallet', source: 'balance', unit: 'CASH', spent: 10_500 }) }, 201),
      [`GET ${billPath}`]: () => okAnswer({ data: billPaymentOf({ category: 'ewallet', source: 'balance', unit: 'CASH', spent: 10_500 }) }),
    });
    openCategory('ewallet');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Phone number'), '081234567890');
    await user.click(screen.getByRole('radio', { name: /GoPay Rp 10.000/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const balance = await screen.findByRole('radio', { name: /Card balance/ });
    expect(balance).toBeChecked();
    expect(balance.closest('label')).toHaveTextContent('Card balanceRp 10.500You have Rp 100.000');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Payment successful' })).toBeInTheDocument();
    expect(api.bodiesOf(billsPath).filter(Boolean)).toEqual([{ checkId: quoteOf().checkId, source: 'balance' }]);
  });

  it('shows a bill not found under the number, keeping what was typed', async () => {
    stubCategory('health_insurance', { [`POST ${checkPath}`]: () => errorAnswer('BILL_NOT_FOUND') });
    openCategory('health_insurance');
    const user = userEvent.setup();
    const field = await screen.findByLabelText('BPJS virtual account number');
    await user.type(field, '8888801234567890');
    await user.click(screen.getByRole('button', { name: 'Check bill' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bill not found. Check the number and try again');
    expect(field).toHaveValue('8888801234567890');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(screen.queryByRole('region', { name: 'Check the details' })).not.toBeInTheDocument();
  });

  it('says when electricity and water are closed for the night', async () => {
    stubCategory('water', { [`POST ${checkPath}`]: () => errorAnswer('BILLER_CLOSED') });
    openCategory('water');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Water customer number'), '1234567');
    await user.click(screen.getByRole('button', { name: 'Check bill' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Electricity and water payments are unavailable from 23:30 to 00:59 WIB');
    expect(screen.getByLabelText('Water customer number')).toHaveValue('1234567');
    expect(screen.getByLabelText('Water customer number')).not.toHaveAttribute('aria-invalid');
  });

  it('checks again once the check’s 15 minutes have run out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const soon = new Date(Date.now() + 2_000).toISOString();
    const api = stubCategory('electricity_token', {
      [`POST ${checkPath}`]: [checked({ sku: 'pln-token-20', expiresAt: soon }), checked({ sku: 'pln-token-20', checkId: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a' })],
    });
    openCategory('electricity_token');
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await user.type(await screen.findByLabelText('Meter number or customer ID'), '14123456780');
    await user.click(screen.getByRole('radio', { name: /PLN token Rp 20.000/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('button', { name: 'Pay' })).toBeEnabled();

    await vi.advanceTimersByTimeAsync(3_000);
    expect(await screen.findByRole('alert')).toHaveTextContent('This bill check has expired. Please check the bill again');
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled());
    expect(api.to('POST', checkPath)).toHaveLength(2);
  });

  it.each([
    ['BILL_ALREADY_TOPPED_UP', 'This phone number was topped up with the same amount today'],
    ['TOPUP_LIMIT_REACHED', 'Daily top-up limit reached'],
    ['INSUFFICIENT_BALANCE', 'Insufficient balance'],
  ] as const)('says why the payment was refused (%s)', async (code, message) => {
    stubCategory('mobile_credit', { [`POST ${checkPath}`]: checked(), [`POST ${billsPath}`]: () => errorAnswer(code) });
    openCategory('mobile_credit', { customerNo: '081234567890', sku: 'telkomsel-credit-10' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled();
  });

  it('shows the page not found for a kind that does not exist', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({ [`GET ${cardPath}`]: pointsCard() });
    renderBills(`/cards/${billCardId}/bills/lottery`);
    expect(await screen.findByTestId('page-error')).toHaveTextContent('PageNotFoundError: This kind of bill could not be found');
  });
});
