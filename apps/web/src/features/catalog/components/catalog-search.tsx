import { useId, useRef, useState, type FormEvent } from 'react';
import { ClearIcon, SearchIcon } from '../../../components/layout/icons.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';

export interface CatalogSearchProps {
  value: string;
  /** Called as the member types (the list debounces it), and on submit. */
  onChange?: (value: string) => void;
  onSubmit?: (value: string) => void;
  autoFocus?: boolean;
}

/** The catalog's search box: a search landmark with a labelled field and a clear button. */
export function CatalogSearch({ value, onChange, onSubmit, autoFocus = false }: CatalogSearchProps) {
  const { t } = useTranslation('shop');
  const id = useId();
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  const input = useRef<HTMLInputElement>(null);
  // The address may change the query (back, forward, clear filters): the field follows it, but
  // keeps what is being typed when the address only caught up with it (a trailing space stays).
  if (value !== shown) {
    setShown(value);
    if (value !== text.trim()) setText(value);
  }
  const change = (next: string) => {
    setText(next);
    onChange?.(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit?.(text.trim());
  };
  return (
    <form className="catalog-search" role="search" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {t('search.label')}
      </label>
      <span className="catalog-search__box">
        <SearchIcon />
        <input
          ref={input}
          id={id}
          type="search"
          enterKeyHint="search"
          value={text}
          maxLength={100}
          placeholder={t('search.placeholder')}
          autoFocus={autoFocus}
          onChange={(event) => change(event.target.value)}
        />
        {text !== '' ? (
          <button
            type="button"
            className="icon-btn"
            aria-label={t('search.clear')}
            onClick={() => {
              change('');
              input.current?.focus();
            }}
          >
            <ClearIcon />
          </button>
        ) : null}
      </span>
    </form>
  );
}
