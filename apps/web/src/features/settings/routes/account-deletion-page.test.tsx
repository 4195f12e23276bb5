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

  it('asks for confirmation, sends the request, tells the member, then signs out and goes home', async () => {
    setSession({ user: sessionUser({ id: 'u-7', name: 'Sari' }), loginType: 'otp' });
    const calls = stubServer();
    renderDeletion();

    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete your account?' });
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(callsOf(calls)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    const notice = await screen.findByRole('dialog', { name: 'Request received' });
    expect(confirm).not.toBeInTheDocument();
    expect(notice).toHaveTextContent('It takes several days to complete.');
    expect(callsOf(calls)).toEqual([{ url: '/api/v2/account/deletion', method: 'POST' }]);
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

  it('stays signed in and shows the error when the request fails', async () => {
    setSession({ user: sessionUser({ id: 'u-7', name: 'Sari' }), loginType: 'otp' });
    const calls = stubServer(() => errorAnswer('SERVICE_UNAVAILABLE', { message: 'Down' }));
    renderDeletion();

    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete my account' }));

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
