import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import { RouteFocus } from './route-focus.tsx';

const router: { navigate: NavigateFunction | null } = { navigate: null };

function Navigator() {
  const navigate = useNavigate();
  useEffect(() => {
    router.navigate = navigate;
  });
  return null;
}

async function go(to: string | number, options?: { replace?: boolean }) {
  await act(async () => {
    if (typeof to === 'number') await router.navigate?.(to);
    else await router.navigate?.(to, options);
  });
}

describe('RouteFocus, where a page is scrolled', () => {
  let scrollTo: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    scrollTo = vi.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    render(
      <MemoryRouter initialEntries={['/cards']}>
        <Navigator />
        <RouteFocus />
      </MemoryRouter>,
    );
  });

  it('leaves the first page of a visit where the browser puts it', () => {
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('starts a new page at its top, whether pushed or replaced', async () => {
    await go('/cards/abc/catalogs/checkout');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrollTo.mockClear();
    await go('/cards/abc', { replace: true });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });

  it('leaves scroll alone for a new query on the same page, or a jump to an anchor', async () => {
    await go('/cards?sort=name');
    await go('/settings#language');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('leaves a page the member goes back or forward to where the browser puts it', async () => {
    await go('/cards/abc');
    scrollTo.mockClear();
    await go(-1);
    await go(1);
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
