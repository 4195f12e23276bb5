import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronIcon } from '../layout/icons.tsx';
import './ui.css';

interface RowContent {
  /** An icon or picture before the text. */
  leading?: ReactNode;
  title: ReactNode;
  /** A second line: who, what for. */
  subtitle?: ReactNode;
  /** A third, smaller line: when. */
  meta?: ReactNode;
  /** After the text: an amount, a badge, a control. */
  trailing?: ReactNode;
  /** An arrow at the end: the row opens another page. */
  chevron?: boolean;
  tone?: 'default' | 'danger';
  'aria-label'?: string;
  className?: string;
}

export type ListRowProps = RowContent &
  (
    | { to: string; onClick?: never; disabled?: never; busy?: never }
    | { to?: never; onClick: () => void; disabled?: boolean; busy?: boolean }
    | { to?: never; onClick?: never; disabled?: never; busy?: never }
  );

/**
 * One line of a list: a link to another page (`to`), an action (`onClick`) or plain content. At
 * least 56 px tall, the whole row is the target; long text ellipsises rather than pushing the
 * trailing part out. Goes in an `<li>` of a `<List>`.
 */
export function ListRow(props: ListRowProps) {
  const { leading, title, subtitle, meta, trailing, chevron = false, tone = 'default', className } = props;
  const classes = ['list-row', tone === 'danger' ? 'list-row--danger' : null, className].filter(Boolean).join(' ');
  const content = (
    <>
      {leading ? <span className="list-row__leading">{leading}</span> : null}
      <span className="list-row__text">
        <span className="list-row__title">{title}</span>
        {subtitle ? <span className="list-row__subtitle">{subtitle}</span> : null}
        {meta ? <span className="list-row__meta">{meta}</span> : null}
      </span>
      {trailing ? <span className="list-row__trailing">{trailing}</span> : null}
      {chevron ? (
        <span className="list-row__chevron">
          <ChevronIcon />
        </span>
      ) : null}
    </>
  );
  if (props.to !== undefined) {
    return (
      <Link className={classes} to={props.to} aria-label={props['aria-label']}>
        {content}
      </Link>
    );
  }
  if (props.onClick !== undefined) {
    return (
      <button
        type="button"
        className={classes}
        onClick={props.onClick}
        disabled={props.disabled === true || props.busy === true}
        aria-busy={props.busy === true ? true : undefined}
        aria-label={props['aria-label']}
      >
        {content}
      </button>
    );
  }
  return <div className={classes}>{content}</div>;
}

/** A menu row: a row that opens a page or runs an action, with an icon and an arrow. */
export function MenuRow(props: ListRowProps) {
  return <ListRow chevron={props.to !== undefined} {...props} />;
}

export interface ListProps {
  /** `divided`: rows edge to edge with lines between (menus, settings); `cards`: separate rounded rows (history). */
  variant?: 'divided' | 'cards';
  'aria-label'?: string;
  className?: string;
  children: ReactNode;
}

/** The list the rows go in: each child is wrapped in its own `<li>` by the caller (`<li><ListRow …/></li>`). */
export function List({ variant = 'divided', className, children, ...rest }: ListProps) {
  return (
    <ul className={['list', `list--${variant}`, className].filter(Boolean).join(' ')} aria-label={rest['aria-label']}>
      {children}
    </ul>
  );
}
