import { afterEach, describe, it, expect, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setSession } from '../../../lib/session.ts';
import { CardRegistrationPage } from './card-registration-page.tsx';
import { cardDetail } from '../../../features/cards/cards.test-support.ts';
import { stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { sessionUser } from '../../../test/session.test-support.ts';
import { paths } from '../../../config/paths.ts';

const cardId = 'card00000000000000000001';
const registrationUrl = `PUT /api/v2/cards/${cardId}/registration`;
const card = cardDetail({
  registration: {
    required: true,
    completed: false,
    form: [
      { name: 'name', label: 'Full name', type: 'text', required: true },
      { name: 'email', label: 'E-mail', type: 'email', required: false },
      { name: 'city', label: 'City', type: 'select', required: true, options: ['Jakarta', 'Bandung'] },
    ],
  },
});

function renderRegistration(answer: () => Response = () => new Response(null, { status: 204 })) {
  setSession({ user: sessionUser({ id: 'u-7', name: 'Rani' }), loginType: 'pin' });
  const { requests: calls } = stubApi({ [`GET /api/v2/cards/${cardId}`]: () => Response.json(card), [registrationUrl]: answer });
  renderPage(<CardRegistrationPage />, { path: paths.cardRegister.path, history: [`/cards/${cardId}`, `/cards/${cardId}/register`] });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CardRegistrationPage', () => {
  it("marks each empty required field with '* field is required' and sends nothing", async () => {
    const calls = renderRegistration();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('* field is required', { selector: '.field__error' })).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('combobox', { name: 'City' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'E-mail' })).not.toHaveAttribute('aria-invalid');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('refuses an e-mail that is not valid', async () => {
    const calls = renderRegistration();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Full name' }), 'Rani Saputra');
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'rani@');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'City' }), 'Bandung');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email is not valid')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('sends the answers and goes back to the card', async () => {
    const calls = renderRegistration();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Full name' }), 'Rani Saputra');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'City' }), 'Bandung');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^/cards/${cardId}$`)));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ answers: { name: 'Rani Saputra', email: '', city: 'Bandung' } });
  });

  it("shows the server's field messages under their fields", async () => {
    renderRegistration(() =>
      Response.json(
        {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'Some fields are not valid',
          details: [{ field: 'body.answers.name', rule: 'invalid_format', message: 'Name must be letters only' }],
        },
        { status: 400 },
      ),
    );
    await userEvent.type(await screen.findByRole('textbox', { name: 'Full name' }), 'R2D2');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'City' }), 'Jakarta');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name must be letters only')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('location')).toHaveTextContent(`/cards/${cardId}/register`);
  });
});
