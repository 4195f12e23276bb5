import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'link';

interface Look {
  variant?: ButtonVariant;
  /** Full width of its column, as the main action of a form or a page. */
  block?: boolean;
  className?: string;
}

/** The class list of a button's look, for the few elements that are not a Button or ButtonLink (an external link). */
export function buttonClass({ variant = 'primary', block = false, className, loading = false }: Look & { loading?: boolean } = {}): string {
  return ['btn', `btn-${variant}`, block ? 'btn-block' : null, loading ? 'is-loading' : null, className].filter(Boolean).join(' ');
}

export interface ButtonProps extends Look, Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> {
  /**
   * Waiting on the action it started: the button says so to assistive technology, cannot be
   * pressed again, and shows a spinner in place of its label while keeping its width.
   */
  loading?: boolean;
  children: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

/** Every button of the app: primary (the brand's fill), secondary, danger, or link-styled. */
export function Button({ variant, block, className, loading = false, disabled, type = 'button', children, ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={buttonClass({ variant, block, className, loading })}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      <span className="btn__label">{children}</span>
      {loading ? <span className="btn__spinner" aria-hidden="true" /> : null}
    </button>
  );
}

export type ButtonLinkProps = Look & Omit<LinkProps, 'className'>;

/** A link to another page of the app that looks like a button. */
export function ButtonLink({ variant, block, className, children, ...rest }: ButtonLinkProps) {
  return (
    <Link {...rest} className={buttonClass({ variant, block, className })}>
      {children}
    </Link>
  );
}
