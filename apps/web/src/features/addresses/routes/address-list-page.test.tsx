import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../../components/feedback/toast-store.ts';
import { errorAnswer, okAnswer } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { address, home, office, stubAddresses } from '../addresses.test-support.ts';
import { AddressListPage } from './address-list-page.tsx';

function renderList() {
  return renderPage(<AddressListPage />, { history: ['/settings', '/settings/addresses'] });
}

const cards = () => screen.getAllByRole('article');
const toasts = () => toast.getToasts().map(({ type, message }) => ({ type, message }));

afterEach(() => {
  vi.unstubAllGlobals();
  toast.clear();
});

describe('AddressListPage', () => {
  it('shows the primary address first with its badge, and each address in readable lines', async () => {
    stubAddresses({ 'GET /api/v2/addresses': () => okAnswer({ data: [home, office] }) });
    renderList();

    expect(await screen.findByRole('article', { name: 'Home, Sari Wulandari' })).toBeInTheDocument();
    const [first, second] = cards();
    expect(first).toHaveAccessibleName('Home, Sari Wulandari');
    expect(within(first!).getByText('Primary')).toBeInTheDocument();
    expect(first).toHaveTextContent('0812-3456-7890');
    expect(first).toHaveTextContent('Jl. Senopati No. 10');
    expect(first).toHaveTextContent('Senayan, Kebayoran Baru');
    expect(first).toHaveTextContent('Kota Administrasi Jakarta Selatan, DKI Jakarta 12190');
    expect(first).toHaveTextContent('Note: Blue gate');
    expect(within(first!).queryByRole('button', { name: 'Set as primary' })).not.toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/settings/addresses/a-home');

    expect(second).toHaveAccessibleName('Office, Budi Santoso');
    expect(within(second!).queryByText('Primary')).not.toBeInTheDocument();
    expect(within(second!).getByRole('button', { name: 'Set as primary' })).toHaveAccessibleDescription('Office, Budi Santoso');
    expect(screen.getByText('2 of 20')).toBeInTheDocument();
  });

  it('makes another address primary and shows the list as the server orders it', async () => {
    const officePrimary = { ...office, isPrimary: true };
    const server = stubAddresses({
      'GET /api/v2/addresses': [() => okAnswer({ data: [home, office] }), () => okAnswer({ data: [officePrimary, { ...home, isPrimary: false }] })],
      'POST /api/v2/addresses/a-office/primary': () => okAnswer({ data: officePrimary }),
    });
    renderList();
    const user = userEvent.setup();

    const second = await screen.findByRole('article', { name: 'Office, Budi Santoso' });
    await user.click(within(second).getByRole('button', { name: 'Set as primary' }));

    await waitFor(() => expect(cards()[0]).toHaveAccessibleName('Office, Budi Santoso'));
    expect(within(cards()[0]!).getByText('Primary')).toBeInTheDocument();
    expect(within(cards()[1]!).getByRole('button', { name: 'Set as primary' })).toBeInTheDocument();
    expect(server.to('POST', '/api/v2/addresses/a-office/primary')).toHaveLength(1);
    expect(toasts()).toEqual([{ type: 'success', message: 'Primary address changed' }]);
    await waitFor(() => expect(cards()[0]).toHaveFocus());
  });

  it('deletes an address only once the member confirms', async () => {
    const server = stubAddresses({
      'GET /api/v2/addresses': [() => okAnswer({ data: [home, office] }), () => okAnswer({ data: [home] })],
      'DELETE /api/v2/addresses/a-office': () => okAnswer(undefined, 204),
    });
    renderList();
    const user = userEvent.setup();
    const second = await screen.findByRole('article', { name: 'Office, Budi Santoso' });

    await user.click(within(second).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this address?' });
    expect(dialog).toHaveTextContent('Budi Santoso, Menara Kopi, lantai 12, Tebet Barat, Tebet');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(server.to('DELETE', '/api/v2/addresses/a-office')).toEqual([]);

    await user.click(within(second).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Office, Budi Santoso' })).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(server.to('DELETE', '/api/v2/addresses/a-office')).toHaveLength(1);
    expect(cards()).toHaveLength(1);
    expect(toasts()).toEqual([{ type: 'success', message: 'Address deleted' }]);
    expect(screen.getByRole('heading', { name: 'Saved addresses' })).toHaveFocus();
  });

  it('warns that deleting the primary address passes the flag on', async () => {
    stubAddresses({ 'GET /api/v2/addresses': () => okAnswer({ data: [home, office] }) });
    renderList();
    const first = await screen.findByRole('article', { name: 'Home, Sari Wulandari' });
    await userEvent.setup().click(within(first).getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Your newest other address will become primary.');
  });

  it('shows the empty state with a way to add the first address', async () => {
    stubAddresses({ 'GET /api/v2/addresses': () => okAnswer({ data: [] }) });
    renderList();
    expect(await screen.findByRole('heading', { name: 'No addresses yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add address' })).toHaveAttribute('href', '/settings/addresses/new');
  });

  it('disables adding at 20 addresses and says why', async () => {
    const twenty = Array.from({ length: 20 }, (_, index) => address({ id: `a-${index}`, isPrimary: index === 0 }));
    stubAddresses({ 'GET /api/v2/addresses': () => okAnswer({ data: twenty }) });
    renderList();
    const add = await screen.findByRole('button', { name: 'Add address' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('You can keep up to 20 addresses. Delete one to add another.');
  });

  it('opens the form from the add button below the list', async () => {
    stubAddresses({ 'GET /api/v2/addresses': () => okAnswer({ data: [home] }) });
    renderList();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Add address' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/settings\/addresses\/new$/);
  });

  it('shows loading, then an error with a retry that reads the list again', async () => {
    stubAddresses({ 'GET /api/v2/addresses': [() => errorAnswer('SERVICE_UNAVAILABLE'), () => okAnswer({ data: [home] })] });
    renderList();
    expect(screen.getByRole('status', { name: '' })).toHaveAttribute('aria-busy', 'true');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The service is not available right now');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Home, Sari Wulandari' })).toBeInTheDocument();
  });
});
