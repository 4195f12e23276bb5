import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '../../../config/paths.ts';
import { type Answer, errorAnswer, okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { campaignOf, campaignPath, photoOf, receiptCardId, receiptOf, receiptsPath } from '../receipts.test-support.ts';
import { ScanReceiptPage } from './scan-receipt-page.tsx';

const never: Answer = () => new Promise<Response>(() => undefined);
const noReceipts: Answer = () => okAnswer({ data: [] });

function renderReceiptPage(code: string | undefined, routes: Record<string, Answer | Answer[]>) {
  const api = stubApi({ [`GET ${receiptsPath}`]: noReceipts, ...routes });
  const page = paths.cardScanReceipt.href({ cardId: receiptCardId, code });
  const view = renderPage(<ScanReceiptPage />, { path: paths.cardScanReceipt.path, history: [`/cards/${receiptCardId}`, page] });
  return { ...view, api };
}

const sentRequests = (api: ReturnType<typeof stubApi>) => api.to('POST', receiptsPath);

beforeEach(() => {
  // jsdom makes no object URLs: the preview's address is made up here.
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:receipt'), revokeObjectURL: vi.fn() });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('ScanReceiptPage with a campaign code', () => {
  it('shows the campaign loading, then its name, description and last day, under the page title and its program', async () => {
    renderReceiptPage('RCPT-1', { [`GET ${campaignPath('RCPT-1')}`]: [never] });
    expect(screen.getByRole('heading', { level: 1, name: 'Send a receipt' })).toBeInTheDocument();
    expect(screen.getByText('Loading the receipt campaign').closest('[aria-busy="true"]')).toBeInTheDocument();
    expect(screen.queryByLabelText('Take a photo')).not.toBeInTheDocument();
  });

  it('shows the campaign the receipt goes to, and the photo form', async () => {
    renderReceiptPage('RCPT-1', { [`GET ${campaignPath('RCPT-1')}`]: () => okAnswer({ data: campaignOf() }) });
    const campaign = await screen.findByRole('region', { name: 'Ramadan receipts' });
    expect(within(campaign).getByText('Send the receipt of any purchase of Rp 50.000 or more.')).toBeInTheDocument();
    expect(within(campaign).getByText('Send your receipt by Dec 31, 2026')).toBeInTheDocument();
    expect(screen.getByText('Kopi Senja Rewards')).toBeInTheDocument();

    const camera = screen.getByLabelText('Take a photo');
    expect(camera).toHaveAttribute('type', 'file');
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('accept', 'image/jpeg,image/png');
    expect(camera).toHaveAccessibleDescription('The whole receipt, sharp and readable: a PNG or JPG image, up to 10 MB.');
    const gallery = screen.getByLabelText('Choose a photo');
    expect(gallery).not.toHaveAttribute('capture');
    expect(gallery).toHaveAttribute('accept', 'image/jpeg,image/png');
    expect(screen.queryByRole('button', { name: 'Send receipt' })).not.toBeInTheDocument();
  });

  it.each([
    ['RECEIPT_CAMPAIGN_NOT_FOUND', 'Receipt code not found', 'No receipt campaign has the code RCPT-9.'],
    ['CODE_INACTIVE', 'This campaign has not started yet', 'You can send receipts to it once it starts.'],
    ['CODE_EXPIRED', 'This campaign has ended', 'It no longer takes receipts.'],
    ['CODE_WRONG_PROGRAM', 'This code is for another program', 'This receipt code belongs to a program this card is not part of.'],
  ] as const)('says why a code answered %s takes no receipt, and leads back to the card', async (code, title, message) => {
    renderReceiptPage('rcpt-9', { [`GET ${campaignPath('rcpt-9')}`]: () => errorAnswer(code) });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    expect(alert).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Back to card' })).toHaveAttribute('href', `/cards/${receiptCardId}`);
    expect(screen.queryByLabelText('Take a photo')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: 'No receipts yet' })).toBeInTheDocument();
  });

  it('says when the campaign could not be read, and reads it again', async () => {
    renderReceiptPage('RCPT-1', { [`GET ${campaignPath('RCPT-1')}`]: [() => errorAnswer('INTERNAL'), () => okAnswer({ data: campaignOf() })] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something happens in our side, please retry in a few moment.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Ramadan receipts' })).toBeInTheDocument();
  });

  it('sends the photo as it is, with its Content-Type and the campaign code, and shows what follows and the new receipt', async () => {
    const { api } = renderReceiptPage('RCPT-1', {
      [`GET ${campaignPath('RCPT-1')}`]: () => okAnswer({ data: campaignOf() }),
      [`GET ${receiptsPath}`]: [noReceipts, () => okAnswer({ data: [receiptOf()] })],
      [`POST ${receiptsPath}`]: () => okAnswer({ data: receiptOf() }, 201),
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 3, name: 'No receipts yet' })).toBeInTheDocument();
    const photo = photoOf({ name: 'receipt.png', type: 'image/png' });
    await user.upload(await screen.findByLabelText('Choose a photo'), photo);
    expect(screen.getByRole('img', { name: 'Preview of your receipt photo' })).toHaveAttribute('src', 'blob:receipt');

    await user.click(screen.getByRole('button', { name: 'Send receipt' }));
    const news = await screen.findByRole('status');
    expect(news).toHaveTextContent('Receipt sent');
    expect(news).toHaveTextContent("We'll check it within 2×24 working hours and your points will arrive on your card.");
    expect(screen.getByRole('heading', { level: 2, name: 'Receipt sent' })).toHaveFocus();

    const [sent, ...others] = sentRequests(api);
    expect(others).toEqual([]);
    expect(sent?.headers.get('content-type')).toBe('image/png');
    expect(sent?.query.get('code')).toBe('RCPT-1');
    const init = vi.mocked(fetch).mock.calls.find(([, options]) => options?.method === 'POST')?.[1];
    expect(init?.body).toBe(photo);

    const list = await screen.findByRole('region', { name: 'My receipts' });
    const entry = await within(list).findByRole('article');
    expect(within(entry).getByRole('heading', { level: 3, name: 'Ramadan receipts' })).toBeInTheDocument();
    expect(within(entry).getByText('In review')).toBeInTheDocument();
    expect(within(entry).getByText('Sent on Nov 24, 2026')).toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:receipt');

    await user.click(screen.getByRole('button', { name: 'Send another' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Photo of your receipt' })).toHaveFocus();
    expect(screen.queryByRole('img', { name: 'Preview of your receipt photo' })).not.toBeInTheDocument();
  });

  it('shows the campaign’s refusal when it ended between reading it and sending', async () => {
    renderReceiptPage('RCPT-1', {
      [`GET ${campaignPath('RCPT-1')}`]: [() => okAnswer({ data: campaignOf() }), () => errorAnswer('CODE_EXPIRED')],
      [`POST ${receiptsPath}`]: () => errorAnswer('CODE_EXPIRED'),
    });
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Take a photo'), photoOf());
    await user.click(screen.getByRole('button', { name: 'Send receipt' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'This campaign has ended' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Take a photo')).not.toBeInTheDocument();
  });
});

describe('ScanReceiptPage checks and refusals of the photo', () => {
  it('refuses a photo over 10 MB or not a PNG or JPG before sending anything', async () => {
    const { api } = renderReceiptPage(undefined, {});
    const user = userEvent.setup({ applyAccept: false });
    const gallery = await screen.findByLabelText('Choose a photo');

    await user.upload(gallery, photoOf({ size: 10 * 1024 * 1024 + 1 }));
    expect(screen.getByRole('alert')).toHaveTextContent('Image size is larger than 10 MB');
    expect(gallery).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('button', { name: 'Send receipt' })).not.toBeInTheDocument();

    await user.upload(gallery, photoOf({ name: 'receipt.pdf', type: 'application/pdf' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a PNG or JPG image');
    await user.upload(screen.getByLabelText('Take a photo'), photoOf({ name: 'receipt.webp', type: 'image/webp' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a PNG or JPG image');
    expect(screen.queryByRole('button', { name: 'Send receipt' })).not.toBeInTheDocument();
    expect(sentRequests(api)).toHaveLength(0);

    await user.upload(gallery, photoOf());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(gallery).not.toHaveAttribute('aria-invalid');
  });

  it('sends to the program’s own review without a code, the button busy while it goes', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { api } = renderReceiptPage(undefined, { [`POST ${receiptsPath}`]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    expect(screen.getByText('Take a photo of your whole receipt and send it: the merchant checks it and adds what you earned to your card.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Take a photo'), photoOf());
    await user.click(screen.getByRole('button', { name: 'Send receipt' }));

    const button = screen.getByRole('button', { name: 'Send receipt' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByLabelText('Take a photo')).toBeDisabled();
    await waitFor(() => expect(sentRequests(api)).toHaveLength(1));
    expect(sentRequests(api)[0]?.url).toBe(receiptsPath);
    expect(api.requests.some((request) => request.path.includes('receipt-campaigns'))).toBe(false);

    answer(okAnswer({ data: receiptOf({ campaign: null, unit: 'STAMP' }) }, 201));
    expect(await screen.findByRole('status')).toHaveTextContent("We'll check it within 2×24 working hours and your stamps will arrive on your card.");
  });

  it.each([
    [() => errorAnswer('RECEIPT_DAILY_LIMIT'), 'You have sent as many receipts as you can today. Please try again tomorrow'],
    [() => errorAnswer('PAYLOAD_TOO_LARGE'), 'Image size is larger than 10 MB'],
    [() => errorAnswer('UNSUPPORTED_MEDIA_TYPE'), 'Choose a PNG or JPG image'],
    [() => errorAnswer('CARD_NOT_ACTIVE'), 'This card is not active'],
  ])('says why the server refused the photo (%#)', async (refusal, message) => {
    renderReceiptPage(undefined, { [`POST ${receiptsPath}`]: refusal });
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Choose a photo'), photoOf());
    await user.click(screen.getByRole('button', { name: 'Send receipt' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Send receipt' })).toBeEnabled();
  });
});

describe('ScanReceiptPage receipts', () => {
  it('shows the list loading while the receipts are on their way', () => {
    renderReceiptPage(undefined, { [`GET ${receiptsPath}`]: never });
    expect(screen.getByText('Loading your receipts').closest('[aria-busy="true"]')).toBeInTheDocument();
  });

  it('shows each receipt’s status: in review, approved with what it earned in the program’s unit, or not approved with the merchant’s reason', async () => {
    renderReceiptPage(undefined, {
      [`GET ${receiptsPath}`]: () =>
        okAnswer({
          data: [
            receiptOf({ id: '0b8c1a9e-5d7f-4c3b-9a21-6e4f8d2c1b03', campaign: null }),
            receiptOf({ id: '0b8c1a9e-5d7f-4c3b-9a21-6e4f8d2c1b02', status: 'approved', earned: 1250, reviewedAt: '2026-11-25T10:00:00.000Z' }),
            receiptOf({ status: 'rejected', note: 'The photo is blurred', reviewedAt: '2026-11-25T10:00:00.000Z' }),
          ],
        }),
    });
    const [plain, approved, rejected] = await screen.findAllByRole('article');
    if (!plain || !approved || !rejected) throw new Error('three receipts expected');
    expect(within(plain).getByRole('heading', { level: 3, name: 'Receipt' })).toBeInTheDocument();
    expect(within(plain).getByText('In review')).toBeInTheDocument();
    expect(within(plain).getByText('Checked within 2×24 working hours.')).toBeInTheDocument();
    expect(within(approved).getByText('Approved +1.250 points')).toBeInTheDocument();
    expect(within(rejected).getByText('Not approved')).toBeInTheDocument();
    expect(within(rejected).getByText('Reason: The photo is blurred')).toBeInTheDocument();
  });

  it('says why the receipts could not be loaded and tries again', async () => {
    renderReceiptPage(undefined, { [`GET ${receiptsPath}`]: [() => errorAnswer('INTERNAL'), () => okAnswer({ data: [receiptOf()] })] });
    const list = await screen.findByRole('region', { name: 'My receipts' });
    expect(await within(list).findByRole('alert')).toHaveTextContent('Something happens in our side, please retry in a few moment.');
    await userEvent.click(within(list).getByRole('button', { name: 'Try again' }));
    expect(await within(list).findByRole('article')).toBeInTheDocument();
  });

  it('shows the 404 page for a card that is not the member’s', async () => {
    renderReceiptPage(undefined, { [`GET ${receiptsPath}`]: () => errorAnswer('CARD_NOT_FOUND') });
    expect(await screen.findByTestId('page-error')).toHaveTextContent('PageNotFoundError: Card not found');
  });

  it('goes back to the card', async () => {
    renderReceiptPage(undefined, {});
    await screen.findByRole('heading', { level: 3, name: 'No receipts yet' });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`/cards/${receiptCardId}$`));
  });
});
