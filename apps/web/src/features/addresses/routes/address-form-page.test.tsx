import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { toast } from '../../../components/feedback/toast-store.ts';
import { paths } from '../../../config/paths.ts';
import { errorAnswer, okAnswer } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { home, office, stubAddresses } from '../addresses.test-support.ts';
import { AddressFormPage } from './address-form-page.tsx';

function renderNew() {
  return renderPage(<AddressFormPage />, { path: paths.addressNew.path, history: ['/settings/addresses', '/settings/addresses/new'] });
}

function renderEdit(addressId: string) {
  return renderPage(<AddressFormPage />, { path: paths.addressEdit.path, history: ['/settings/addresses', `/settings/addresses/${addressId}`] });
}

const picker = (label: string) => screen.getByRole('button', { name: new RegExp(`^${label} `) });

/** Opens a picker's sheet, optionally searches, and chooses an area by name. */
async function choose(user: UserEvent, label: string, name: string, search?: string) {
  await user.click(picker(label));
  const sheet = await screen.findByRole('dialog');
  if (search) await user.type(within(sheet).getByRole('searchbox'), search);
  await user.click(await within(sheet).findByRole('button', { name }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

async function fillAll(user: UserEvent) {
  await user.type(screen.getByRole('textbox', { name: "Recipient's name" }), 'Sari Wulandari');
  await user.type(screen.getByRole('textbox', { name: "Recipient's phone number" }), '081234567890');
  await choose(user, 'Province', 'DKI Jakarta');
  await choose(user, 'City or regency', 'Kota Administrasi Jakarta Selatan');
  await choose(user, 'District', 'Kebayoran Baru');
  await choose(user, 'Subdistrict', 'Senayan');
  await user.type(screen.getByRole('textbox', { name: /Full address/ }), 'Jl. Senopati No. 10');
  await user.type(screen.getByRole('textbox', { name: 'Zip code' }), '12190');
}

afterEach(() => {
  vi.unstubAllGlobals();
  toast.clear();
});

describe('AddressFormPage', () => {
  it('opens each picker only once the one above is chosen', async () => {
    stubAddresses();
    renderNew();
    const user = userEvent.setup();

    expect(picker('Province')).toBeEnabled();
    expect(picker('City or regency')).toBeDisabled();
    expect(picker('City or regency')).toHaveAccessibleDescription('Choose a province first');
    expect(picker('District')).toBeDisabled();
    expect(picker('Subdistrict')).toBeDisabled();

    await choose(user, 'Province', 'DKI Jakarta');
    expect(picker('Province')).toHaveAccessibleName('Province DKI Jakarta');
    expect(picker('City or regency')).toBeEnabled();
    expect(picker('District')).toBeDisabled();

    await choose(user, 'City or regency', 'Kota Administrasi Jakarta Selatan', 'selat');
    expect(picker('District')).toBeEnabled();
    expect(picker('Subdistrict')).toBeDisabled();
    await choose(user, 'District', 'Kebayoran Baru');
    expect(picker('Subdistrict')).toBeEnabled();
  });

  it('searches a list in its sheet, says how many match, and gives focus back to the picker', async () => {
    stubAddresses();
    renderNew();
    const user = userEvent.setup();
    await choose(user, 'Province', 'DKI Jakarta');

    await user.click(picker('City or regency'));
    const sheet = await screen.findByRole('dialog', { name: 'Choose a city or regency' });
    const search = within(sheet).getByRole('searchbox', { name: 'Search cities and regencies' });
    expect(search).toHaveFocus();
    await user.type(search, 'PUSAT');
    await waitFor(() => expect(within(sheet).queryByRole('button', { name: /Selatan/ })).not.toBeInTheDocument());
    expect(within(sheet).getByRole('status')).toHaveTextContent('1 result');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(picker('City or regency')).toHaveAccessibleName('City or regency Kota Administrasi Jakarta Pusat');
    expect(picker('City or regency')).toHaveFocus();
  });

  it('clears the lower levels when the province changes', async () => {
    const server = stubAddresses();
    renderNew();
    const user = userEvent.setup();
    await choose(user, 'Province', 'DKI Jakarta');
    await choose(user, 'City or regency', 'Kota Administrasi Jakarta Selatan');
    await choose(user, 'District', 'Kebayoran Baru');
    await choose(user, 'Subdistrict', 'Senayan');

    await choose(user, 'Province', 'Jawa Barat');
    expect(picker('City or regency')).toHaveAccessibleName('City or regency Choose a city or regency');
    expect(picker('District')).toHaveAccessibleName('District Choose a district');
    expect(picker('District')).toBeDisabled();
    expect(picker('Subdistrict')).toHaveAccessibleName('Subdistrict Choose a subdistrict');
    expect(picker('Subdistrict')).toBeDisabled();
    await choose(user, 'City or regency', 'Kota Bandung');
    expect(server.to('GET', '/api/v2/areas/provinces/32/regencies')).toHaveLength(1);
  });

  it('says what is missing or wrong and sends nothing', async () => {
    const server = stubAddresses();
    renderNew();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: "Recipient's phone number" }), '0812');
    await user.type(screen.getByRole('textbox', { name: 'Zip code' }), '12a3');
    expect(screen.getByRole('textbox', { name: 'Zip code' })).toHaveValue('123');
    await user.click(screen.getByRole('button', { name: 'Save address' }));

    expect(await screen.findByText("Enter the recipient's name")).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: "Recipient's name" })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: "Recipient's name" })).toHaveAccessibleDescription("Enter the recipient's name");
    expect(screen.getByRole('textbox', { name: "Recipient's phone number" })).toHaveAccessibleDescription(/Invalid phone number, please try again/);
    expect(picker('Province')).toHaveAccessibleDescription('Choose a province');
    expect(picker('City or regency')).toHaveAccessibleDescription('Choose a province first');
    expect(screen.getByRole('textbox', { name: /Full address/ })).toHaveAccessibleDescription(/Enter the street, number and building/);
    expect(screen.getByRole('textbox', { name: 'Zip code' })).toHaveAccessibleDescription('The zip code must be 5 digits');
    expect(server.to('POST', '/api/v2/addresses')).toEqual([]);
  });

  it('counts the note against its 200 characters', async () => {
    stubAddresses();
    renderNew();
    const note = screen.getByRole('textbox', { name: 'Note for the courier (optional)' });
    expect(note).toHaveAccessibleDescription('0/200 characters');
    await userEvent.setup().type(note, 'Blue gate');
    expect(note).toHaveAccessibleDescription('9/200 characters');
    expect(note).toHaveAttribute('maxlength', '200');
  });

  it('saves a new address, then goes back to the list with a toast', async () => {
    const server = stubAddresses({ 'POST /api/v2/addresses': () => okAnswer({ data: home }, 201) });
    renderNew();
    const user = userEvent.setup();
    await fillAll(user);
    await user.click(screen.getByRole('radio', { name: 'Office' }));
    await user.click(screen.getByRole('checkbox', { name: 'Set as primary address' }));
    await user.click(screen.getByRole('button', { name: 'Save address' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/settings\/addresses$/));
    expect(server.bodiesOf('/api/v2/addresses')).toEqual([
      {
        type: 'office',
        recipientName: 'Sari Wulandari',
        recipientPhone: '+6281234567890',
        countryCode: 'ID',
        provinceCode: '31',
        regencyCode: '31.74',
        districtCode: '31.74.07',
        villageCode: '31.74.07.1006',
        fullAddress: 'Jl. Senopati No. 10',
        zip: '12190',
        note: null,
        isPrimary: true,
      },
    ]);
    expect(toast.getToasts().map(({ type, message }) => ({ type, message }))).toEqual([{ type: 'success', message: 'Address added' }]);
  });

  it('goes back to the page that sent the member to add an address, and never to another site', async () => {
    stubAddresses({ 'POST /api/v2/addresses': () => okAnswer({ data: home }, 201) });
    const checkout = '/cards/card00000000000000000001/catalogs/checkout';
    renderPage(<AddressFormPage />, { path: paths.addressNew.path, history: [checkout, `/settings/addresses/new?return=${encodeURIComponent(checkout)}`] });
    const user = userEvent.setup();
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(checkout));
  });

  it('ignores a return address of another site', async () => {
    stubAddresses({ 'POST /api/v2/addresses': () => okAnswer({ data: home }, 201) });
    renderPage(<AddressFormPage />, { path: paths.addressNew.path, history: ['/settings/addresses', `/settings/addresses/new?return=${encodeURIComponent('//evil.example/x')}`] });
    const user = userEvent.setup();
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/settings\/addresses$/));
  });

  it("shows the server's ADDRESS_AREA_INVALID on the picker it names and clears it and the ones below", async () => {
    const message = 'Choose a district of the chosen city or regency';
    stubAddresses({
      'POST /api/v2/addresses': () => errorAnswer('ADDRESS_AREA_INVALID', { message, details: [{ field: 'body.districtCode', rule: 'not_in_area', message }] }),
    });
    renderNew();
    const user = userEvent.setup();
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Save address' }));

    await waitFor(() => expect(picker('District')).toHaveAccessibleDescription('This district is not in the chosen city or regency. Please choose it again.'));
    expect(picker('District')).toHaveFocus();
    expect(picker('District')).toHaveAccessibleName('District Choose a district');
    expect(picker('Subdistrict')).toBeDisabled();
    expect(picker('Province')).toHaveAccessibleName('Province DKI Jakarta');
    expect(picker('City or regency')).toHaveAccessibleName('City or regency Kota Administrasi Jakarta Selatan');
    expect(picker('City or regency')).not.toHaveAccessibleDescription();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/settings\/addresses\/new$/);
  });

  it("shows the server's field issues on their fields and other refusals above the button", async () => {
    stubAddresses({
      'POST /api/v2/addresses': [
        () => errorAnswer('VALIDATION_FAILED', { details: [{ field: 'body.recipientPhone', rule: 'invalid_format', message: 'Invalid phone number, please try again' }] }),
        () => errorAnswer('ADDRESS_LIMIT_REACHED'),
      ],
    });
    renderNew();
    const user = userEvent.setup();
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: "Recipient's phone number" })).toHaveAccessibleDescription(/Invalid phone number/));

    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You can keep up to 20 addresses. Delete one to add another');
  });

  it('fills every field and picker with the saved address, and saves it in place', async () => {
    const server = stubAddresses({
      'GET /api/v2/addresses/a-office': () => okAnswer({ data: office }),
      'PUT /api/v2/addresses/a-office': () => okAnswer({ data: office }),
    });
    renderEdit('a-office');
    const user = userEvent.setup();

    expect(await screen.findByRole('textbox', { name: "Recipient's name" })).toHaveValue('Budi Santoso');
    expect(screen.getByRole('radio', { name: 'Office' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: "Recipient's phone number" })).toHaveValue('081398765432');
    expect(picker('Province')).toHaveAccessibleName('Province DKI Jakarta');
    expect(picker('City or regency')).toHaveAccessibleName('City or regency Kota Administrasi Jakarta Selatan');
    expect(picker('District')).toHaveAccessibleName('District Tebet');
    expect(picker('Subdistrict')).toHaveAccessibleName('Subdistrict Tebet Barat');
    expect(picker('Subdistrict')).toBeEnabled();
    expect(screen.getByRole('textbox', { name: /Full address/ })).toHaveValue('Menara Kopi, lantai 12');
    expect(screen.getByRole('textbox', { name: 'Zip code' })).toHaveValue('12810');
    expect(screen.getByRole('checkbox', { name: 'Set as primary address' })).not.toBeChecked();

    await user.clear(screen.getByRole('textbox', { name: 'Zip code' }));
    await user.type(screen.getByRole('textbox', { name: 'Zip code' }), '12820');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/settings\/addresses$/));
    expect(server.to('PUT', '/api/v2/addresses/a-office').map((request) => request.body)).toEqual([
      expect.objectContaining({ provinceCode: '31', regencyCode: '31.74', districtCode: '31.74.01', villageCode: '31.74.01.1001', zip: '12820', recipientPhone: '+6281398765432' }),
    ]);
    expect(toast.getToasts().map(({ message }) => message)).toEqual(['Address saved']);
  });

  it('keeps the primary address primary while it is edited', async () => {
    stubAddresses({ 'GET /api/v2/addresses/a-home': () => okAnswer({ data: home }) });
    renderEdit('a-home');
    const primary = await screen.findByRole('checkbox', { name: 'Set as primary address' });
    expect(primary).toBeChecked();
    expect(primary).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Note for the courier (optional)' })).toHaveValue('Blue gate');
  });

  it('shows an error with a retry when the address cannot be read, and the 404 page for one that is not the member’s', async () => {
    stubAddresses({ 'GET /api/v2/addresses/a-office': [() => errorAnswer('SERVICE_UNAVAILABLE'), () => okAnswer({ data: office })] });
    const view = renderEdit('a-office');
    const alert = await screen.findByRole('alert');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: "Recipient's name" })).toHaveValue('Budi Santoso');
    view.unmount();

    stubAddresses({ 'GET /api/v2/addresses/a-gone': () => errorAnswer('ADDRESS_NOT_FOUND') });
    renderEdit('a-gone');
    expect(await screen.findByTestId('page-error')).toHaveTextContent('PageNotFoundError: Address not found');
  });
});
