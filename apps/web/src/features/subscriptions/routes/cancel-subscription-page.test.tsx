import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../../components/feedback/toast-store.ts';
import { paths } from '../../../config/paths.ts';
import { okAnswer, stubApi } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { CancelSubscriptionPage } from './cancel-subscription-page.tsx';

const cardId = 'club00000000000000000001';
const running = {
  id: 'sub-1',
  status: 'active',
  isExpired: false,
  isRenewable: false,
  endsAt: '2026-12-24T03:00:00.000Z',
  plan: { id: 'plan-monthly', name: 'Monthly', durationMonths: 1 },
  autoRenew: false,
  nextBillingDate: null,
  lastBillingDate: '2026-11-24T03:00:00.000Z',
  graceUntil: null,
  card: null,
  openPayment: null,
};

afterEach(() => {
  toast.clear();
  vi.unstubAllGlobals();
});

function renderCancel() {
  return renderPage(<CancelSubscriptionPage />, { path: paths.cardSubscribeCancel.path, history: [`/cards/${cardId}/subscribe`, `/cards/${cardId}/subscribe/cancel`] });
}

describe('CancelSubscriptionPage', () => {
  it('says the benefits last to the end date, and cancels once confirmed', async () => {
    const api = stubApi({
      [`GET /api/v2/cards/${cardId}/subscription`]: [() => okAnswer({ program: { id: 'club', name: 'Kopi Senja Club' }, plans: [], subscription: running }), () => okAnswer({ program: { id: 'club', name: 'Kopi Senja Club' }, plans: [], subscription: { ...running, status: 'cancelled', isRenewable: true } })],
      'POST /api/v2/cards/subscriptions/cancel': () => okAnswer({ data: { ...running, status: 'cancelled', isRenewable: true } }),
    });
    renderCancel();
    expect(await screen.findByRole('heading', { name: 'Cancel your Monthly plan?' })).toBeInTheDocument();
    expect(screen.getByText('Your benefits stay until December 24, 2026.')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancel membership' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel your membership?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel membership' }));

    await waitFor(() => expect(api.bodiesOf('/api/v2/cards/subscriptions/cancel')).toEqual([{ cardId }]));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/cards/${cardId}/subscribe`));
    expect(toast.getToasts().map((item) => item.message)).toContain('Your membership is cancelled');
  });

  it('sends a membership that is not running back to the membership page', async () => {
    stubApi({ [`GET /api/v2/cards/${cardId}/subscription`]: () => okAnswer({ program: { id: 'club', name: 'Kopi Senja Club' }, plans: [], subscription: { ...running, status: 'expired', isExpired: true } }) });
    renderCancel();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`/cards/${cardId}/subscribe$`)));
  });
});
