import { afterEach, describe, it, expect, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setSession } from '../../../lib/session.ts';
import { AddCardPage } from './add-card-page.tsx';
import { errorAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { sessionUser } from '../../../test/session.test-support.ts';
import { paths } from '../../../config/paths.ts';

const number = '6012345678901234';
const findUrl = `GET /api/v2/cards/find-by-number/${number}`;
const preview = (requiresActivationCode = false) => () =>
  Response.json({ number, brand: 'Kopi Senja', programName: 'Kopi Senja Rewards', iconUrl: null, cardArt: null, requiresActivationCode });
const registered = () => Response.json({ cardId: 'card00000000000000000007' }, { status: 201 });

function renderAddCard(history = ['/cards', '/cards/add-card']) {
  setSession({ user: sessionUser({ id: 'u-7', name: 'Rani' }), loginType: 'pin' });
  const path = history[history.length - 1]?.startsWith('/cards/add/') ? paths.addCardByNumber.path : paths.addCard.path;
  return renderPage(<AddCardPage />, { path, history });
}

const numberField = () => screen.getByRole('textbox', { name: 'Card number' });

async function findCardNumber(value = number) {
  await userEvent.type(numberField(), value);
  await userEvent.click(screen.getByRole('button', { name: 'Find card' }));
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AddCardPage', () => {
  it('takes digits only, at most 16, and asks for exactly 16 before calling the server', async () => {
    const { requests: calls } = stubApi({});
    renderAddCard();
    await userEvent.type(numberField(), '60ab12-34');
    expect(numberField()).toHaveValue('601234');
    await userEvent.click(screen.getByRole('button', { name: 'Find card' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Card number must be 16 digits');
    expect(numberField()).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(numberField(), '5678901234999');
    expect(numberField()).toHaveValue(number);
    expect(calls).toEqual([]);
  });

  it('fills the number from the address of /cards/add/{cardNo}', () => {
    stubApi({});
    renderAddCard(['/cards', `/cards/add/${number}`]);
    expect(numberField()).toHaveValue(number);
  });

  it('finds the card, shows it, adds it, and opens it after a 5-second countdown', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { requests: calls } = stubApi({ [findUrl]: preview(), 'POST /api/v2/cards/register': registered });
    renderAddCard();
    await findCardNumber();
    expect(await screen.findByText('Kopi Senja Rewards')).toBeInTheDocument();
    expect(screen.getByText('6012 3456 7890 1234')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add to my wallet' }));

    expect(await screen.findByRole('heading', { name: 'Card added' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ number });
    expect(screen.getByText('Opening your card in 5 seconds…')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByText('Opening your card in 1 second…')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/cards/add-card');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/cards\/card00000000000000000007$/);
  });

  it('asks for the activation code when the card needs one, checks it, then adds the card with it', async () => {
    let checks = 0;
    const { requests: calls } = stubApi({
      [findUrl]: preview(true),
      'POST /api/v2/cards/check-pin': () => {
        checks += 1;
        return checks === 1
          ? Response.json({ statusCode: 400, code: 'ACTIVATION_CODE_INVALID', message: 'no', attemptsRemaining: 1 }, { status: 400 })
          : Response.json({ valid: true });
      },
      'POST /api/v2/cards/register': registered,
    });
    renderAddCard();
    await findCardNumber();
    expect(await screen.findByText('This card needs its activation code to be added.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add to my wallet' }));

    const code = screen.getByLabelText('Activation code');
    await userEvent.type(code, '9999');
    await userEvent.click(screen.getByRole('button', { name: 'Add to my wallet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The activation code does not match this card. You have 1 attempt left before adding cards is locked for 24 hours.',
    );
    await userEvent.clear(code);
    await userEvent.type(code, '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Add to my wallet' }));
    expect(await screen.findByRole('heading', { name: 'Card added' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body])).toEqual([
      ['/api/v2/cards/check-pin', { number, activationCode: '9999' }],
      ['/api/v2/cards/check-pin', { number, activationCode: '1234' }],
      ['/api/v2/cards/register', { number, activationCode: '1234' }],
    ]);
  });

  it('says how many tries are left when no card has the number', async () => {
    stubApi({ [findUrl]: () => errorAnswer('CARD_NOT_FOUND', { attemptsRemaining: 2 }) });
    renderAddCard();
    await findCardNumber();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Card not found. You have 2 attempts left before adding cards is locked for 24 hours.',
    );
    expect(numberField()).toHaveValue(number);
  });

  it('says the card is already in the wallet', async () => {
    stubApi({ [findUrl]: () => errorAnswer('CARD_IN_WALLET') });
    renderAddCard();
    await findCardNumber();
    expect(await screen.findByRole('alert')).toHaveTextContent('Card is already in your wallet');
  });

  it("says the card is another member's", async () => {
    stubApi({ [findUrl]: () => errorAnswer('CARD_TAKEN') });
    renderAddCard();
    await findCardNumber();
    expect(await screen.findByRole('alert')).toHaveTextContent('Card is already associate with another user');
  });

  it('says when a card was taken between finding and adding it', async () => {
    stubApi({ [findUrl]: preview(), 'POST /api/v2/cards/register': () => errorAnswer('CARD_TAKEN') });
    renderAddCard();
    await findCardNumber();
    await userEvent.click(await screen.findByRole('button', { name: 'Add to my wallet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Card is already associate with another user');
  });

  it('sends the member to the 24-hour lock page with the unlock time by their own clock', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-01T10:00:30.000Z'));
    stubApi({
      [findUrl]: () => errorAnswer('ADD_CARD_LOCKED', { lockedUntil: '2025-03-02T10:00:00.000Z', currentTime: '2025-03-01T10:00:00.000Z' }),
    });
    renderAddCard();
    await findCardNumber();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/lock-24h?reason=add-card&until=${encodeURIComponent('2025-03-02T10:00:30.000Z')}`),
    );
  });

  it('offers typing when this browser cannot scan', async () => {
    stubApi({});
    renderAddCard();
    await userEvent.click(screen.getByRole('button', { name: 'Scan QR code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Scanning is not available in this browser. Please type the card number instead.');
    await userEvent.click(screen.getByRole('button', { name: 'Type the number instead' }));
    expect(numberField()).toBeInTheDocument();
  });

  it('says camera access is not allowed when the member refused it', async () => {
    stubApi({});
    vi.stubGlobal('BarcodeDetector', class {
      detect() {
        return Promise.resolve([]);
      }
    });
    const getUserMedia = vi.fn(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { mediaDevices: { getUserMedia } }));
    renderAddCard();
    await userEvent.click(screen.getByRole('button', { name: 'Scan QR code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Camera access not allowed: enable it in settings');
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' }, audio: false });
  });
});
