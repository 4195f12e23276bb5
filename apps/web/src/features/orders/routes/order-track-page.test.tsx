import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '../../../config/paths.ts';
import { okAnswer } from '../../../test/api-stub.test-support.ts';
import { renderPage } from '../../../test/render.test-support.tsx';
import { cardId, order, ordersPath, stubShop } from '../../../test/shop.test-support.ts';
import { OrderTrackPage } from './order-track-page.tsx';

function renderTrack() {
  return renderPage(<OrderTrackPage />, { path: paths.cardOrderTrack.path, history: [`/cards/${cardId}/orders/ord-1`, `/cards/${cardId}/orders/ord-1/track`] });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('OrderTrackPage', () => {
  it('shows the courier and copies the tracking number', async () => {
    const shipped = order({
      status: 'on_courier',
      delivery: { ...order().delivery, courier: 'JNE', trackingNumber: 'JNE0012345678' },
      history: [...order().history, { status: 'on_courier', at: '2026-11-25T08:00:00.000Z', note: 'Left the warehouse' }],
    });
    stubShop({ [`GET ${ordersPath}/ord-1`]: () => okAnswer({ data: shipped }) });
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderTrack();

    expect(await screen.findByText('JNE0012345678')).toBeInTheDocument();
    expect(screen.getByText('JNE')).toBeInTheDocument();
    expect(screen.getByText('Left the warehouse')).toBeInTheDocument();
    expect(screen.queryByText(/There is no tracking number yet/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy tracking number' }));
    expect(writeText).toHaveBeenCalledWith('JNE0012345678');
  });

  it('says there is no tracking number yet', async () => {
    stubShop({ [`GET ${ordersPath}/ord-1`]: () => okAnswer({ data: order() }) });
    renderTrack();
    expect(await screen.findByText('There is no tracking number yet. It will show here once the merchant sends your order.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy tracking number' })).not.toBeInTheDocument();
  });
});
