import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { profileSchema, type Profile } from '@kartu/contracts';
import { toast } from '../../../components/feedback/toast-store.ts';
import { paths, v2PathOf } from '../../../config/paths.ts';
import { errorAnswer, okAnswer, stubApi, type Answer } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { cardId, cardPath, shopCard } from '../../../test/shop.test-support.ts';
import { CardProfilePage, ProfilePage } from './profile-page.tsx';

const profilePath = '/api/v2/account/profile';
const photoPath = '/api/v2/account/profile/photo';

function profileOf(overrides: Partial<Profile> = {}): Profile {
  return profileSchema.parse({
    name: 'Rani Saputra',
    email: 'rani@example.com',
    birthday: '1994-03-07',
    gender: 'female',
    phone: '+6281211112222',
    countryCode: '62',
    photo: null,
    emailEditable: true,
    ...overrides,
  });
}

const photo = { src: '/media/p1/96.webp', srcSet: '/media/p1/96.webp 1x, /media/p1/192.webp 2x', width: 96, height: 96 };

function stubProfile(routes: Record<string, Answer | Answer[]> = {}, profile = profileOf()) {
  return stubApi({ [`GET ${profilePath}`]: () => okAnswer({ data: profile }), ...routes });
}

function renderProfile() {
  return renderPage(<ProfilePage />, { path: paths.profile.path, history: ['/settings', '/profile'] });
}

const nameField = () => screen.getByRole('textbox', { name: 'Name' });
const save = () => screen.getByRole('button', { name: 'Save' });

async function chooseBirthday(user: UserEvent, day: string, month: string, year: string) {
  const birthday = screen.getByRole('group', { name: 'Birthday' });
  await user.selectOptions(within(birthday).getByRole('combobox', { name: 'Day' }), day);
  await user.selectOptions(within(birthday).getByRole('combobox', { name: 'Month' }), month);
  await user.selectOptions(within(birthday).getByRole('combobox', { name: 'Year' }), year);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  toast.clear();
});

describe('ProfilePage', () => {
  it('shows the profile: initials for a missing photo, each field filled, the phone read-only', async () => {
    stubProfile();
    renderProfile();

    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Rani Saputra');
    expect(screen.getByRole('img', { name: 'No photo yet' })).toHaveTextContent('RS');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('rani@example.com');
    expect(screen.getByRole('combobox', { name: 'Day' })).toHaveValue('7');
    expect(screen.getByRole('combobox', { name: 'Month' })).toHaveValue('3');
    expect(screen.getByRole('combobox', { name: 'Year' })).toHaveValue('1994');
    expect(screen.getByRole('radio', { name: 'Female' })).toBeChecked();
    const phone = screen.getByRole('textbox', { name: 'Phone number' });
    expect(phone).toHaveValue('+6281211112222');
    expect(phone).toHaveAttribute('readonly');
    expect(phone).toHaveAccessibleDescription('Your phone number cannot be changed here.');
    expect(screen.queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();
  });

  it('shows the e-mail without a field where it signs the member in, and leaves it out of the body', async () => {
    const server = stubProfile({ [`PUT ${profilePath}`]: () => okAnswer({ data: profileOf({ emailEditable: false }) }) }, profileOf({ emailEditable: false }));
    renderProfile();
    const email = await screen.findByRole('textbox', { name: 'Email' });
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAccessibleDescription('You sign in with this address, so it cannot be changed here.');

    await userEvent.setup().click(save());
    await waitFor(() => expect(server.bodiesOf(profilePath).filter(Boolean)).toHaveLength(1));
    expect(server.bodiesOf(profilePath).filter(Boolean)[0]).not.toHaveProperty('email');
  });

  it('refuses digits in a name, a day that does not exist and a birthday after today, before sending', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-15T05:00:00Z'));
    const server = stubProfile();
    renderProfile();
    const user = userEvent.setup();
    await user.clear(await screen.findByRole('textbox', { name: 'Name' }));
    await user.type(nameField(), 'Rani 2');
    await chooseBirthday(user, '31', '2', '1994');
    await user.click(save());

    expect(await screen.findByText('The name can have letters only')).toBeInTheDocument();
    expect(nameField()).toHaveAccessibleDescription('The name can have letters only');
    expect(nameField()).toHaveFocus();
    expect(screen.getByText('Please choose a date that exists')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Day' })).toHaveAccessibleDescription('Please choose a date that exists');

    await chooseBirthday(user, '1', '7', '2026');
    await user.click(save());
    expect(await screen.findByText('Your birthday cannot be in the future')).toBeInTheDocument();
    expect(server.to('PUT', profilePath)).toEqual([]);
  });

  it('asks for the whole birthday when only part of it is chosen', async () => {
    stubProfile({}, profileOf({ birthday: null }));
    renderProfile();
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Month' }), '5');
    await user.click(save());
    expect(await screen.findByText('Choose the day, month and year of your birthday')).toBeInTheDocument();
  });

  it('saves the name, e-mail, birthday and gender, then says so', async () => {
    const saved = profileOf({ name: 'Rani Ayu', birthday: '1995-12-01', gender: null });
    const server = stubProfile({ [`PUT ${profilePath}`]: () => okAnswer({ data: saved }) });
    renderProfile();
    const user = userEvent.setup();
    await user.clear(await screen.findByRole('textbox', { name: 'Name' }));
    await user.type(nameField(), 'Rani Ayu');
    await chooseBirthday(user, '1', '12', '1995');
    await user.click(screen.getByRole('radio', { name: 'Prefer not to say' }));
    await user.click(save());

    await waitFor(() => expect(toast.getToasts().map(({ type, message }) => ({ type, message }))).toEqual([{ type: 'success', message: 'Profile saved' }]));
    expect(server.to('PUT', profilePath).map((request) => request.body)).toEqual([
      { name: 'Rani Ayu', email: 'rani@example.com', birthday: '1995-12-01', gender: null },
    ]);
    expect(nameField()).toHaveValue('Rani Ayu');
  });

  it("shows the server's field errors under their fields, in the member's words rather than the server's English", async () => {
    const serverMessage = 'Birthday cannot be in the future';
    const message = 'Your birthday cannot be in the future';
    stubProfile({ [`PUT ${profilePath}`]: () => errorAnswer('VALIDATION_FAILED', { details: [{ field: 'body.birthday', rule: 'future', message: serverMessage }] }) });
    renderProfile();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText(serverMessage)).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Year' })).toHaveAccessibleDescription(message);
    expect(toast.getToasts()).toEqual([]);
  });

  it('says, translated, that the e-mail belongs to another member', async () => {
    stubProfile({ [`PUT ${profilePath}`]: () => errorAnswer('EMAIL_TAKEN', { message: 'Email already registered' }) });
    renderProfile();
    const user = userEvent.setup();
    const email = await screen.findByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'budi@example.com');
    await user.click(save());
    expect(await screen.findByText('This email is already used by another account')).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('This email is already used by another account');
  });

  it('says what went wrong otherwise, under the form', async () => {
    stubProfile({ [`PUT ${profilePath}`]: () => errorAnswer('FORBIDDEN') });
    renderProfile();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to do this');
  });

  it('refuses a photo over 10 MB, and one of another type, before sending it', async () => {
    const server = stubProfile();
    renderProfile();
    const user = userEvent.setup({ applyAccept: false });
    const input = await screen.findByLabelText('Change photo', { selector: 'input' });
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(await screen.findByRole('alert')).toHaveTextContent('The picture is larger than 10 MB. Choose a smaller one');
    await user.upload(input, new File(['GIF89a'], 'moving.gif', { type: 'image/gif' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a PNG or JPEG picture');
    expect(server.to('PUT', photoPath)).toEqual([]);
  });

  it('uploads a chosen photo and draws it, then removes it', async () => {
    const server = stubProfile({
      [`PUT ${photoPath}`]: () => okAnswer({ data: profileOf({ photo }) }),
      [`DELETE ${photoPath}`]: () => okAnswer(undefined, 204),
    });
    renderProfile();
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Change photo', { selector: 'input' }), new File(['png bytes'], 'me.png', { type: 'image/png' }));

    expect(await screen.findByRole('img', { name: 'Your photo' })).toHaveAttribute('src', photo.src);
    const sent = server.to('PUT', photoPath);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.get('content-type')).toBe('image/png');
    expect(toast.getToasts().map(({ message }) => message)).toEqual(['Photo changed']);

    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(await screen.findByRole('img', { name: 'No photo yet' })).toHaveTextContent('RS');
    expect(server.to('DELETE', photoPath)).toHaveLength(1);
  });

  it("says why the server refused a photo, in the page's words", async () => {
    stubProfile({ [`PUT ${photoPath}`]: () => errorAnswer('UNPROCESSABLE') });
    renderProfile();
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Change photo', { selector: 'input' }), new File(['tiny'], 'tiny.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The picture is too small. Choose one of at least 96 × 96 pixels');
  });

  it('offers to try again when the profile cannot be read', async () => {
    stubProfile({ [`GET ${profilePath}`]: [() => errorAnswer('SERVICE_UNAVAILABLE'), () => okAnswer({ data: profileOf() })] });
    renderProfile();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Rani Saputra');
  });
});

describe('CardProfilePage', () => {
  it("shows the same profile under the card's program name", async () => {
    stubProfile({ [`GET ${cardPath}`]: () => Response.json(shopCard()) });
    renderPage(<CardProfilePage />, { path: v2PathOf(paths.cardProfile.path), history: [`/v2/cards/${cardId}`, `/v2/cards/${cardId}/profile`] });
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Rani Saputra');
    expect(await screen.findByText('Kopi Senja Rewards', { selector: '.app-header-subtitle' })).toBeInTheDocument();
  });
});
