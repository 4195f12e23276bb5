import { afterAll, beforeEach, describe, it, expect, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FailurePage } from './failure-page.tsx';
import * as reload from '../../../components/ui/reload-page.ts';

const reloadPage = vi.spyOn(reload, 'reloadPage').mockImplementation(() => undefined);

describe('FailurePage', () => {
  beforeEach(() => reloadPage.mockClear());
  afterAll(() => reloadPage.mockRestore());

  it('asks the user to try again', () => {
    render(<FailurePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Oops, Something Wrong' })).toBeInTheDocument();
    expect(screen.getByText('Do you mind to try again?')).toBeInTheDocument();
  });

  it('retries when Try again is pressed', async () => {
    const onRetry = vi.fn();
    render(<FailurePage onRetry={onRetry} />);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('reloads the page when nobody handles the retry', async () => {
    render(<FailurePage />);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});
