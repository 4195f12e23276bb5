import type { KeyboardEvent } from 'react';
import './ui.css';

export interface TabItem<T extends string> {
  value: T;
  label: string;
}

export interface TabsProps<T extends string> {
  /** The accessible name of the set of tabs. */
  label: string;
  /** Ties each tab to its panel: the panel of `value` has the id `tabPanelId(idPrefix, value)`. */
  idPrefix: string;
  items: readonly TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
}

export function tabPanelId(idPrefix: string, value: string): string {
  return `${idPrefix}-panel-${value}`;
}

export function tabId(idPrefix: string, value: string): string {
  return `${idPrefix}-tab-${value}`;
}

/**
 * Tabs that switch a panel in place (WAI-ARIA tabs pattern, automatic activation): one tab stop,
 * arrow keys, Home and End move and select, the chosen tab is underlined in the brand's accent.
 * The page renders the panel with `role="tabpanel"`, `id={tabPanelId(...)}` and `aria-labelledby={tabId(...)}`.
 */
export function Tabs<T extends string>({ label, idPrefix, items, value, onChange }: TabsProps<T>) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.value === value);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: items.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = items[(target + items.length) % items.length];
    if (!next) return;
    onChange(next.value);
    document.getElementById(tabId(idPrefix, next.value))?.focus();
  };

  return (
    <div role="tablist" aria-label={label} className="tabs" onKeyDown={onKeyDown}>
      {items.map((item) => (
        <button
          key={item.value}
          type="button"
          role="tab"
          id={tabId(idPrefix, item.value)}
          aria-selected={item.value === value}
          aria-controls={tabPanelId(idPrefix, item.value)}
          tabIndex={item.value === value ? 0 : -1}
          className="tabs__tab"
          onClick={() => onChange(item.value)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
