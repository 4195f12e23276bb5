import { afterEach, describe, it, expect, vi } from 'vitest';
import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Header } from './header.tsx';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
  });
}

afterEach(() => scrollTo(0));

describe('Header', () => {
  it('caps the unread badge at 99+', () => {
    render(<Header title="Cards" inbox={{ unread: 120, onOpen: vi.fn() }} />);
    expect(screen.getByRole('button', { name: 'Inbox, 120 unread' })).toHaveTextContent('99+');
  });

  it('shows the exact unread count up to 99', () => {
    render(<Header title="Cards" inbox={{ unread: 7, onOpen: vi.fn() }} />);
    expect(screen.getByRole('button', { name: 'Inbox, 7 unread' })).toHaveTextContent('7');
  });

  it('shows no badge when nothing is unread', () => {
    render(<Header title="Cards" inbox={{ unread: 0, onOpen: vi.fn() }} />);
    expect(screen.getByRole('button', { name: 'Inbox' }).querySelector('.icon-btn__count')).toBeNull();
  });

  it('empties the search box with the clear button', async () => {
    function Searching() {
      const [value, setValue] = useState('');
      return <Header title="Catalog" search={{ value, onChange: setValue, onSort: vi.fn() }} />;
    }
    render(<Searching />);
    const box = screen.getByRole('searchbox', { name: 'Search' });
    await userEvent.type(box, 'coffee');
    expect(box).toHaveValue('coffee');
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(box).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
  });

  it('calls back when the back button is pressed', async () => {
    const onBack = vi.fn();
    render(<Header title="Card" onBack={onBack} />);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledOnce();
  });

  it('floats the reward header after 62px of scroll', () => {
    const { container } = render(<Header title="Reward" kind="reward" />);
    const header = container.querySelector('header');
    scrollTo(62);
    expect(header).toHaveClass('app-header-reward');
    scrollTo(63);
    expect(header).toHaveClass('app-header-floating');
  });

  it('turns the transparent header into the default one after 300px of scroll', () => {
    const { container } = render(<Header title="Card" kind="transparent" />);
    const header = container.querySelector('header');
    expect(header).toHaveClass('app-header-transparent');
    scrollTo(301);
    expect(header).toHaveClass('app-header-default');
  });
});
