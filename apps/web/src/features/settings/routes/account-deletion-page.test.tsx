import { afterEach, describe, it, expect, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../../components/feedback/toast-store.ts';
import { getSession, setSession } from '../../../lib/session.ts';
import { AccountDeletionPage } from './account-deletion-page.tsx';
import { type Answer, errorAnswer, okAnswer, type SeenRequest, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { sessionUser } from '../../../test/session.test-support.ts';

/** The server as the contracts describe it: 202 {requestedAt} for the deletion, 204 for the logout. */
function stubServer(deletion: Answer = () => okAnswer({ requestedAt: '2025-03-01T10:00:00.000Z' }, 202)) {
  const { requests } = stubApi({ 'POST /api/v2/account/deletion': deletion, 'POST /api/auth/logout': () => okAnswer(undefined, 204) });
  return requests;
}

const callsOf = (requests: SeenRequest[]) => requests.map(({ url, method }) => ({ url, method }));

/** The PIN entry focuses its field when it opens, so typing goes where a member would type. */
async function typePin(pin: string) {
  await waitFor(() => expect(document.activeElement).toBeInstanceOf(HTMLInputElement));
  await userEvent.keyboard(pin);
}

function renderDeletion() {
  return renderPage(<AccountDeletionPage />, { history: ['/settings', '/settings/account-deletion'] });
}

afterEach(() => {
  vi.unstubAllGlobals();
  toast.clear();
});

describe('AccountDeletionPage', () => {
  it('explains that deleting an account takes several days', () => {
    setSession({ user: sessionUser({ id: 'u-7', name: 'Sari' }), loginType: 'otp' });
    renderDeletion();
    expect(screen.getByRole('heading', { name: 'Before you delete your account' })).toHaveFocus();
    expect(screen.getByText('Deleting your Kopi Senja account permanently removes:')).toBeInTheDocument();
    expect(screen.getByText(/takes several days/)).toBeInTheDocument();
  });

  it('asks for confirmation, then the PIN, sends the request with it, tells the member, then signs out and goes home', async () => {
    setSession({ user: sessionUser({ id: 'u-7', name: 'Sari' }), loginType: 'otp' });
    const calls = stubServer();
    renderDeletion();

    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete your account?' });
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(callsOf(calls)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    expect(confirm).not.toBeInTheDocument();
    expect(screen.getByText('To confirm, enter your PIN. We then start deleting your account.')).toBeInTheDocument();
    expect(callsOf(calls)).toEqual([]);
    await typePin('246810');
    const notice = await screen.findByRole('dialog', { name: 'Request received' });
    expect(notice).toHaveTextContent('It takes several days to complete.');
    expect(callsOf(calls)).toEqual([{ url: '/api/v2/account/deletion', method: 'POST' }]);
    expect(calls[0]?.body).toEqual({ pin: '246810' });
    expect(getSession().user).not.toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(callsOf(calls).at(-1)).toEqual({ url: '/api/auth/logout', method: 'POST' });
    expect(getSession().user).toBeNull();
  });

  it('sends nothing when the member cancels, and Escape cancels too', async () => {
    setSession({ user: sessionUser({ id: 'u-7', name: 'Sari' }), loginType: 'otp' });
    const calls = stubServer();
    renderDeletion();

    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete my account' })).toHaveFocus();
    expect(callsOf(calls)).toEqual([]);
  });

  it('keeps focus inside the confirmation while it is open', async () => {
    setSession({ user: sessionUser({ id: 'u-7', name: 'Sari' }), loginType: 'otp' });
    stubServer();
    renderDeletion();

    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Yes, delete my account' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('says a wrong PIN with the tries left and takes another, deleting nothing', async () => {
    setSession({ user: sessionUser({ id: 'u-7', name: 'Sari' }), loginType: 'otp' });
    const calls = stubServer(() => errorAnswer('PIN_INVALID', { attemptsRemaining: 2 }));
    renderDeletion();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    await typePin('000000');
    expect(await screen.findByText('Wrong PIN. You have 2 attempts left.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Request received' })).not.toBeInTheDocument();
    expect(getSession().user).not.toBeNull();
    await typePin('000001');
    expect(callsOf(calls)).toHaveLength(2);
  });

  it('sends the member to the lock page when the PIN is locked', async () => {
    setSession({ user: sessionUser({ id: 'u-7', name: 'Sari' }), loginType: 'otp' });
    stubServer(() => errorAnswer('PIN_LOCKED', { lockedUntil: '2025-03-01T11:00:00.000Z', currentTime: '2025-03-01T10:00:00.000Z' }));
    renderDeletion();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    await typePin('000000');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/device-locked/));
    expect(getSession().user).not.toBeNull();
  });

  it('stays signed in and shows the error when the request fails', async () => {
    setSession({ user: sessionUser({ id: 'u-7', name: 'Sari' }), loginType: 'otp' });
    const calls = stubServer(() => errorAnswer('SERVICE_UNAVAILABLE', { message: 'Down' }));
    renderDeletion();

    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    await typePin('246810');

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsOf(calls)).toEqual([{ url: '/api/v2/account/deletion', method: 'POST' }]);
    expect(getSession().user).not.toBeNull();
    expect(toast.getToasts().map(({ type, message }) => ({ type, message }))).toEqual([
      { type: 'error', message: 'The service is not available right now' },
    ]);
  });

  it('sends single sign-on sessions home', () => {
    setSession({ user: sessionUser({ id: 'u-7', name: 'Sari' }), loginType: 'sso' });
    const calls = stubServer();
    renderDeletion();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.queryByRole('button', { name: 'Delete my account' })).not.toBeInTheDocument();
    expect(callsOf(calls)).toEqual([]);
  });
});
