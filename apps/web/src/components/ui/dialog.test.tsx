import { describe, it, expect, vi } from 'vitest';
import { useId, useState, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from './dialog.tsx';

function TestDialog({ onEscape, children }: { onEscape?: () => void; children: ReactNode }) {
  const titleId = useId();
  return (
    <Dialog className="dialog-backdrop" labelledBy={titleId} onCancel={onEscape}>
      <h2 id={titleId}>Test dialog</h2>
      {children}
    </Dialog>
  );
}

function Page({ onEscape, children }: { onEscape?: () => void; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <TestDialog onEscape={onEscape}>
          {children}
          <button type="button" onClick={() => setOpen(false)}>
            Close
          </button>
        </TestDialog>
      )}
    </>
  );
}

describe('Dialog', () => {
  it('moves focus to the first control on open, and to the data-autofocus one when marked', async () => {
    const { unmount } = render(
      <TestDialog>
        <button type="button">First</button>
        <button type="button">Second</button>
      </TestDialog>,
    );
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
    unmount();

    render(
      <TestDialog>
        <button type="button">First</button>
        <button type="button" data-autofocus>
          Second
        </button>
      </TestDialog>,
    );
    expect(screen.getByRole('button', { name: 'Second' })).toHaveFocus();
  });

  it('focuses the dialog itself when it holds no control', () => {
    render(<TestDialog>Nothing to press</TestDialog>);
    expect(screen.getByRole('dialog')).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab cycling inside the dialog', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Outside</button>
        <TestDialog>
          <button type="button">First</button>
          <input aria-label="Middle" />
          <button type="button">Last</button>
        </TestDialog>
      </>,
    );
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Middle' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus();
  });

  it('keeps focus on the dialog when every control is disabled', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Outside</button>
        <TestDialog>
          <button type="button" disabled>
            Busy
          </button>
        </TestDialog>
      </>,
    );
    expect(screen.getByRole('dialog')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('dialog')).toHaveFocus();
  });

  it('calls onEscape on Escape', async () => {
    const user = userEvent.setup();
    const onEscape = vi.fn();
    render(
      <TestDialog onEscape={onEscape}>
        <button type="button">Ok</button>
      </TestDialog>,
    );
    await user.keyboard('{Escape}');
    expect(onEscape).toHaveBeenCalledTimes(1);
  });

  it('swallows Escape when no onEscape is given, so the dialog cannot be dismissed', async () => {
    const user = userEvent.setup();
    render(
      <TestDialog>
        <button type="button">Answer</button>
      </TestDialog>,
    );
    // The window hears the key after the dialog's document listener has handled it.
    const seenByPage = vi.fn((event: KeyboardEvent) => event.defaultPrevented);
    window.addEventListener('keydown', seenByPage);
    await user.keyboard('{Escape}');
    window.removeEventListener('keydown', seenByPage);
    expect(screen.getByRole('button', { name: 'Answer' })).toHaveFocus();
    expect(seenByPage).toHaveReturnedWith(true);
  });

  it('returns focus to where it was when the dialog closes', async () => {
    const user = userEvent.setup();
    render(
      <Page>
        <p>Body</p>
      </Page>,
    );
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(opener).toHaveFocus();
  });
});
