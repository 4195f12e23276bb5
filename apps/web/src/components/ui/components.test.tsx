import { describe, it, expect, vi } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Amount } from './amount.tsx';
import { BottomSheet } from './bottom-sheet.tsx';
import { CardFace } from './card-face.tsx';
import { List, ListRow, MenuRow } from './list-row.tsx';
import { Tabs, tabId, tabPanelId } from './tabs.tsx';

const rupiah = { code: 'IDR', symbol: 'Rp', decimalDigits: 0, thousandSeparator: '.', decimalSeparator: ',' };

describe('Tabs', () => {
  function Views() {
    const [value, setValue] = useState<'a' | 'b' | 'c'>('a');
    const items = [
      { value: 'a', label: 'Active' },
      { value: 'b', label: 'Hidden' },
      { value: 'c', label: 'Archived' },
    ] as const;
    return (
      <>
        <Tabs label="Views" idPrefix="views" items={items} value={value} onChange={setValue} />
        <div role="tabpanel" id={tabPanelId('views', value)} aria-labelledby={tabId('views', value)}>
          panel {value}
        </div>
      </>
    );
  }

  it('is one tab stop; arrows, Home and End select and focus a tab, wrapping around', async () => {
    render(<Views />);
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'Active' })).toHaveFocus();
    expect(screen.getAllByRole('tab').filter((tab) => tab.tabIndex === 0)).toHaveLength(1);

    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Hidden' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Hidden' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('panel b');

    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Archived' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Active' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Archived' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Archived' })).toHaveAttribute('aria-controls', 'views-panel-c');
  });
});

describe('ListRow', () => {
  it('is a link with `to`, a button with `onClick`, plain content otherwise', async () => {
    const onClick = vi.fn();
    render(
      <MemoryRouter>
        <List aria-label="Rows">
          <li>
            <MenuRow to="/settings/change-pin" title="Change PIN" subtitle="Six digits" />
          </li>
          <li>
            <MenuRow onClick={onClick} title="Sign out" />
          </li>
          <li>
            <ListRow title="Language" trailing={<span>English</span>} />
          </li>
        </List>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: /Change PIN\s*Six digits/ })).toHaveAttribute('href', '/settings/change-pin');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.getByText('Language').closest('.list-row')?.tagName).toBe('DIV');
    expect(screen.getByRole('list', { name: 'Rows' }).children).toHaveLength(3);
  });

  it('takes no second press while busy and says so', async () => {
    const onClick = vi.fn();
    render(<ListRow onClick={onClick} busy title="Signing out…" />);
    const row = screen.getByRole('button', { name: 'Signing out…' });
    expect(row).toBeDisabled();
    expect(row).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(row);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('Amount', () => {
  it('signs, colours and names the direction when asked', () => {
    render(
      <p>
        <Amount amount={-300} unit="POINT" currency={rupiah} signed={{ in: 'Received', out: 'Spent', none: 'No change' }} />
        <Amount amount={25000} unit="CASH" currency={rupiah} />
      </p>,
    );
    const out = screen.getByText('Spent', { exact: false }).closest('.amount');
    expect(out).toHaveClass('amount--out');
    expect(out).toHaveTextContent('Spent \u2212300 Pts');
    const money = screen.getByText('Rp 25.000');
    expect(money).toHaveClass('amount');
    expect(money).not.toHaveClass('amount--in');
  });
});

describe('BottomSheet', () => {
  it('is a labelled modal dialog that Escape and the close button both close', async () => {
    const onClose = vi.fn();
    render(
      <BottomSheet title="Search Region" closeLabel="Close" onClose={onClose}>
        <button type="button">Indonesia</button>
      </BottomSheet>,
    );
    const sheet = screen.getByRole('dialog', { name: 'Search Region' });
    expect(sheet).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('CardFace', () => {
  const face = { brand: 'Kopi Senja', programName: 'Kopi Rewards', number: '6001010000000013', numberLabel: 'Card number' };

  it('draws the card art at the sizes the server made, under a veil, when the program has one', () => {
    const art = { src: '/media/a1/343.webp', srcSet: '/media/a1/343.webp 343w, /media/a1/686.webp 686w', width: 343, height: 216 };
    const { container } = render(<CardFace {...face} art={art} artLoading="priority" />);
    const img = container.querySelector('img.card-tile__art');
    expect(img).toHaveAttribute('srcset', art.srcSet);
    expect(img).toHaveAttribute('width', '343');
    expect(img).toHaveAttribute('alt', '');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(container.querySelector('.card-tile__veil')).not.toBeNull();
    expect(screen.getByText('6001 0100 0000 0013')).toBeInTheDocument();
  });

  it('draws the brand face, with no picture, when there is no art', () => {
    const { container } = render(<CardFace {...face} art={null} />);
    expect(container.querySelector('.card-tile__art')).toBeNull();
    expect(container.querySelector('.card-tile__veil')).toBeNull();
  });
});
