import { afterEach, describe, it, expect, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cardKeys } from '../../../lib/card-keys.ts';
import { TransferPointsPage } from './transfer-points-page.tsx';
import { cardFixture, cardId, cardPath } from '../../../features/cards/cards.test-support.ts';
import { type Answer, errorAnswer, okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { paths } from '../../../config/paths.ts';

const previewPath = `${cardPath}/transfer/preview`;
const transferPath = `${cardPath}/transfer`;
const preview = () => okAnswer({ recipient: { name: 'Budi S.', phone: '+62 812-****-4444' } });
const sent = () => okAnswer({ transactionId: '5f0c8a52-1d2e-4c3b-9a8f-0e1d2c3b4a59', balance: { amount: 1150, unit: 'POINT' } });
const noAnswer: Answer = () => Promise.reject(new TypeError('Failed to fetch'));

function serve(transferAnswers: Answer[], previewAnswers: Answer[] = [preview]) {
  return stubApi({
    [`GET ${cardPath}`]: [() => okAnswer(cardFixture())],
    [`POST ${previewPath}`]: previewAnswers,
    [`POST ${transferPath}`]: transferAnswers,
  });
}

function renderTransfer() {
  return renderPage(<TransferPointsPage />, { path: paths.cardTransferPoint.path, history: [`/cards/${cardId}`, `/cards/${cardId}/transfer-point`] });
}

async function chooseRecipient(phone = '081234567890') {
  await userEvent.type(await screen.findByLabelText("Recipient's phone number"), phone);
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
}

async function chooseAmount(amount: string) {
  await userEvent.type(await screen.findByLabelText('Amount to send'), amount);
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
}

/** The PIN entry focuses its field on every try, so typing goes where a member would type. */
async function typePin(pin: string) {
  await waitFor(() => expect(document.activeElement).toHaveAttribute('type', 'password'));
  await userEvent.keyboard(pin);
}

const keysOf = (server: ReturnType<typeof serve>) => server.to('POST', transferPath).map((request) => request.headers.get('idempotency-key'));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('TransferPointsPage', () => {
  it('finds the recipient, takes the amount and the PIN, sends once and shows the new balance', async () => {
    const server = serve([sent]);
    const { queryClient } = renderTransfer();
    queryClient.setQueryData(cardKeys.list('active'), { pages: [], pageParams: [] });

    expect(await screen.findByText('Step 1 of 3')).toBeInTheDocument();
    await chooseRecipient();
    expect(server.to('POST', previewPath)[0]?.body).toEqual({ phone: '081234567890', countryCode: '62' });
    expect(await screen.findByText('Budi S.')).toBeInTheDocument();
    expect(screen.getByText('+62 812-****-4444')).toBeInTheDocument();
    expect(screen.getByText('Your balance: 1.250 Pts')).toBeInTheDocument();

    await chooseAmount('100');
    expect(screen.getByText('You are sending 100 Pts')).toBeInTheDocument();
    await typePin('123456');

    expect(await screen.findByRole('heading', { name: 'Points sent' })).toBeInTheDocument();
    expect(screen.getByText('100 Pts sent to Budi S.')).toBeInTheDocument();
    expect(screen.getByText('New balance: 1.150 Pts')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See transaction history' })).toHaveAttribute('href', `/cards/${cardId}/transaction-history`);

    const [transfer] = server.to('POST', transferPath);
    expect(transfer?.body).toEqual({ phone: '081234567890', countryCode: '62', amount: 100, pin: '123456' });
    expect(transfer?.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // spec: app-core §4: the card (and its history under it) and the wallet's lists are read again.
    await waitFor(() => expect(server.to('GET', cardPath)).toHaveLength(2));
    expect(queryClient.getQueryState(cardKeys.list('active'))?.isInvalidated).toBe(true);
  });

  it('stays on the phone step when nobody with that number holds this program', async () => {
    const server = serve([sent], [() => errorAnswer('RECIPIENT_NOT_FOUND')]);
    renderTransfer();
    await chooseRecipient();

    expect(await screen.findByText('No member with this phone number has this card program')).toBeInTheDocument();
    expect(screen.getByLabelText("Recipient's phone number")).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByLabelText('Amount to send')).not.toBeInTheDocument();
    expect(server.to('POST', transferPath)).toHaveLength(0);
  });

  it('refuses an amount above the balance before asking for the PIN', async () => {
    const server = serve([sent]);
    renderTransfer();
    await chooseRecipient();
    await chooseAmount('1251');

    expect(await screen.findByRole('alert')).toHaveTextContent('Insufficient balance');
    expect(screen.getByLabelText('Amount to send')).toHaveAttribute('aria-invalid', 'true');
    expect(document.querySelector('input[type="password"]')).toBeNull();
    expect(server.to('POST', transferPath)).toHaveLength(0);
  });

  it('resends the same submission with the same Idempotency-Key after no answer came back', async () => {
    const server = serve([noAnswer, sent]);
    renderTransfer();
    await chooseRecipient();
    await chooseAmount('100');
    await typePin('123456');

    expect(await screen.findByText('No internet or server not reachable, please try again')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send again' }));

    expect(await screen.findByRole('heading', { name: 'Points sent' })).toBeInTheDocument();
    const [first, second] = server.to('POST', transferPath);
    expect(second?.body).toEqual(first?.body);
    expect(keysOf(server)).toHaveLength(2);
    expect(keysOf(server)[1]).toBe(keysOf(server)[0]);
  });

  it('marks a wrong PIN with the attempts left and sends the next PIN with a new Idempotency-Key', async () => {
    const server = serve([() => errorAnswer('PIN_INVALID', { attemptsRemaining: 2 }), sent]);
    renderTransfer();
    await chooseRecipient();
    await chooseAmount('100');
    await typePin('999999');

    await waitFor(() => expect(document.querySelector('input[type="password"]')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('alert')).toHaveTextContent('Wrong PIN. You have 2 attempts left.');
    await typePin('123456');

    expect(await screen.findByRole('heading', { name: 'Points sent' })).toBeInTheDocument();
    const pins = server.to('POST', transferPath).map((request) => (request.body as { pin: string }).pin);
    expect(pins).toEqual(['999999', '123456']);
    expect(new Set(keysOf(server)).size).toBe(2);
  });

  it('goes to the device-locked page, with the unlock time, when the PIN is locked', async () => {
    vi.useFakeTimers({ now: Date.parse('2025-03-01T10:00:00.000Z'), toFake: ['Date'] });
    serve([() => errorAnswer('PIN_LOCKED', { lockedUntil: '2025-03-01T11:00:00.000Z', currentTime: '2025-03-01T10:00:00.000Z' })]);
    renderTransfer();
    await chooseRecipient();
    await chooseAmount('100');
    await typePin('999999');

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/device-locked?until=2025-03-01T11%3A00%3A00.000Z'));
  });

  it('returns to the amount when the server finds the balance too low after all', async () => {
    const server = serve([() => errorAnswer('INSUFFICIENT_BALANCE')]);
    renderTransfer();
    await chooseRecipient();
    await chooseAmount('100');
    await typePin('123456');

    expect(await screen.findByRole('alert')).toHaveTextContent('Insufficient balance');
    expect(screen.getByLabelText('Amount to send')).toHaveValue('100');
    // The balance on screen is out of date, so the card is read again.
    await waitFor(() => expect(server.to('GET', cardPath)).toHaveLength(2));
  });
});
