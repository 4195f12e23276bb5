import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
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

/** The browser's Geolocation API, answering as the test says. */
function stubGeolocation(getCurrentPosition: (found: PositionCallback, failed: PositionErrorCallback, options?: PositionOptions) => void) {
  const geolocation = { getCurrentPosition: vi.fn(getCurrentPosition), watchPosition: vi.fn(), clearWatch: vi.fn() };
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: geolocation });
  return geolocation;
}

const foundAt = (latitude: number, longitude: number, accuracy = 12) => (found: PositionCallback) =>
  found({ coords: { latitude, longitude, accuracy, altitude: null, altitudeAccuracy: null, heading: null, speed: null }, timestamp: Date.now() } as GeolocationPosition);

const failedWith = (code: 1 | 2 | 3) => (_found: PositionCallback, failed: PositionErrorCallback) =>
  failed({ code, message: 'no position', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'geolocation');
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

  it('takes a recipient name of letters only, with the spaces, dots and apostrophes names have', async () => {
    const server = stubAddresses();
    renderNew();
    const user = userEvent.setup();
    const name = screen.getByRole('textbox', { name: "Recipient's name" });
    await user.type(name, 'Dewi 2');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('The name can have letters only')).toBeInTheDocument();
    expect(name).toHaveAccessibleDescription('The name can have letters only');
    await user.clear(name);
    await user.type(name, "Dewi S. O'Neil");
    expect(screen.queryByText('The name can have letters only')).not.toBeInTheDocument();
    expect(server.to('POST', '/api/v2/addresses')).toEqual([]);
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
        latitude: null,
        longitude: null,
        isPrimary: true,
      },
    ]);
    expect(toast.getToasts().map(({ type, message }) => ({ type, message }))).toEqual([{ type: 'success', message: 'Address added' }]);
  });

  it("pins the address at the device's position, shows it, and sends it with the address", async () => {
    const geolocation = stubGeolocation(foundAt(-6.22512345, 106.79951234));
    const server = stubAddresses({ 'POST /api/v2/addresses': () => okAnswer({ data: home }, 201) });
    renderNew();
    const user = userEvent.setup();
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Use my current location' }));

    expect(await screen.findByText('Location pinned')).toBeInTheDocument();
    expect(screen.getByText('-6.22512, 106.79951')).toBeInTheDocument();
    expect(screen.getByText('Accurate to about 12 m')).toBeInTheDocument();
    expect(geolocation.getCurrentPosition).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), expect.objectContaining({ enableHighAccuracy: true, timeout: 15_000 }));
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(server.bodiesOf('/api/v2/addresses')).toEqual([expect.objectContaining({ latitude: -6.225123, longitude: 106.799512 })]));
  });

  it('shows that it is finding the position, and cannot be pressed again meanwhile', async () => {
    let answer: PositionCallback = () => undefined;
    const geolocation = stubGeolocation((found) => {
      answer = found;
    });
    stubAddresses();
    renderNew();
    const user = userEvent.setup();
    const locate = screen.getByRole('button', { name: 'Use my current location' });
    await user.click(locate);
    expect(locate).toHaveAttribute('aria-busy', 'true');
    expect(locate).toBeDisabled();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Finding your location…');
    await user.click(locate);
    expect(geolocation.getCurrentPosition).toHaveBeenCalledTimes(1);
    act(() => foundAt(-6.2251, 106.7995)(answer));
    expect(await screen.findByText('-6.22510, 106.79950')).toBeInTheDocument();
    expect(screen.queryByText('Finding your location…')).not.toBeInTheDocument();
  });

  it.each([
    [1, 'Location access is not allowed. Allow it for this site in your browser settings, then try again.'],
    [2, 'Your location could not be found. Check that location is turned on, then try again.'],
    [3, 'Finding your location took too long. Please try again.'],
  ] as const)('says why there is no position (error %i), and saves the address without one', async (code, message) => {
    stubGeolocation(failedWith(code));
    const server = stubAddresses({ 'POST /api/v2/addresses': () => okAnswer({ data: home }, 201) });
    renderNew();
    const user = userEvent.setup();
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Use my current location' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Use my current location' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(server.bodiesOf('/api/v2/addresses')).toEqual([expect.objectContaining({ latitude: null, longitude: null })]));
  });

  it('says so when the browser cannot share a position', async () => {
    stubAddresses();
    renderNew();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Use my current location' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This browser cannot share your location.');
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

  it("shows a saved address's position, keeps it on save, and sends null once it is removed", async () => {
    const pinned = { ...office, latitude: -6.2443, longitude: 106.7997 };
    const server = stubAddresses({
      'GET /api/v2/addresses/a-office': () => okAnswer({ data: pinned }),
      'PUT /api/v2/addresses/a-office': () => okAnswer({ data: pinned }),
    });
    const view = renderEdit('a-office');
    const user = userEvent.setup();
    expect(await screen.findByText('-6.24430, 106.79970')).toBeInTheDocument();
    expect(screen.queryByText(/Accurate to/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(server.to('PUT', '/api/v2/addresses/a-office')).toHaveLength(1));
    expect(server.to('PUT', '/api/v2/addresses/a-office')[0]?.body).toMatchObject({ latitude: -6.2443, longitude: 106.7997 });
    view.unmount();

    const again = stubAddresses({
      'GET /api/v2/addresses/a-office': () => okAnswer({ data: pinned }),
      'PUT /api/v2/addresses/a-office': () => okAnswer({ data: office }),
    });
    renderEdit('a-office');
    await user.click(await screen.findByRole('button', { name: 'Remove location' }));
    expect(screen.queryByText('Location pinned')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use my current location' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(again.to('PUT', '/api/v2/addresses/a-office')).toHaveLength(1));
    expect(again.to('PUT', '/api/v2/addresses/a-office')[0]?.body).toMatchObject({ latitude: null, longitude: null });
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
