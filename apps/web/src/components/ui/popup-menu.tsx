import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './ui.css';

export interface PopupMenuItem {
  label: string;
  onSelect: () => void;
}

export interface PopupMenuProps {
  /** The accessible name of the button that opens the menu. */
  label: string;
  icon: ReactNode;
  items: PopupMenuItem[];
  disabled?: boolean;
}

/**
 * A button that opens a short list of actions, following the WAI-ARIA menu button pattern:
 * arrow keys move between items, Escape closes and gives focus back to the button.
 */
export function PopupMenu({ label, icon, items, disabled = false }: PopupMenuProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const menuId = useId();

  const itemsOnScreen = () => [...(listRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open) return;
    itemsOnScreen()[0]?.focus();
    // A click anywhere else closes the menu, as a native one would.
    const closeOutside = (event: PointerEvent) => {
      const target = event.target;
      if (target instanceof Node && !listRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = itemsOnScreen();
    const index = list.findIndex((item) => item === document.activeElement);
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: list.length - 1 };
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      setOpen(false);
    } else if (event.key in moves) {
      event.preventDefault();
      const next = ((moves[event.key] ?? 0) + list.length) % list.length;
      list[next]?.focus();
    }
  };

  return (
    <div className="menu-anchor">
      <button
        ref={buttonRef}
        type="button"
        className="icon-btn"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {icon}
      </button>
      {open ? (
        <ul ref={listRef} id={menuId} role="menu" aria-label={label} className="menu-panel" onKeyDown={onMenuKeyDown}>
          {items.map((item) => (
            <li key={item.label} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className="menu-panel__item"
                onClick={() => {
                  close();
                  item.onSelect();
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
