import { describe, it, expect } from 'vitest';
import { render, screen } from '@testing-library/react';
import { StatusPage } from './status-page.tsx';

describe('StatusPage', () => {
  it('is the page’s main landmark, named by its heading, which it focuses when it opens', () => {
    render(<StatusPage title="Scanning is paused" message="Please wait." />);
    expect(screen.getByRole('main', { name: 'Scanning is paused' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Scanning is paused' })).toHaveFocus();
  });

  it('hides the illustration from assistive technology', () => {
    render(<StatusPage title="Oh No!" illustration={<svg data-testid="drawing" />} />);
    expect(screen.getByTestId('drawing').parentElement).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows its actions', () => {
    render(<StatusPage title="Oh No!" actions={<button type="button">Go Back</button>} />);
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });
});
