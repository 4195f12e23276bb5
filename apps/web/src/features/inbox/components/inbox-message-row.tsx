import { useId } from 'react';
import { Link } from 'react-router';
import type { InboxMessage } from '@kartu/contracts';
import { TrashIcon } from '../../../components/layout/icons.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';
import { toReturnPath } from '../../../lib/return-path.ts';
import { useDates } from '../../../lib/use-dates.ts';
import type { MessageWording } from '../message-wording.ts';
import { InboxKindIcon } from './inbox-icons.tsx';

/** The app page a message opens: only a path inside the app is followed; any other message opens in place. */
export function messageLinkOf(message: InboxMessage): string | null {
  return message.link === null ? null : toReturnPath(message.link);
}

/** The id of a message's own control, for moving focus to it once the list changes around it. */
export const messageControlId = (messageId: string) => `inbox-message-${messageId}`;

interface InboxMessageRowProps {
  message: InboxMessage;
  wording: MessageWording;
  /** A message without a link opens in place, its whole text under it. */
  expanded: boolean;
  onOpen: () => void;
  onDelete: () => void;
}

/**
 * One message: what it is about, its words, when it came, and whether it is read, told by weight,
 * a dot and a bar, and to a screen reader by the word 'Unread' before the title. Deleting is a
 * button of its own beside it, not a gesture.
 */
export function InboxMessageRow({ message, wording, expanded, onOpen, onDelete }: InboxMessageRowProps) {
  const { t } = useTranslation('inbox');
  const dates = useDates();
  const fullTextId = useId();
  const unread = message.readAt === null;
  const link = messageLinkOf(message);

  const content = (
    <>
      <span className="inbox-item__icon">
        <InboxKindIcon facts={message.facts} />
      </span>
      {/* The spaces keep the words apart in the name a screen reader reads out. */}
      <span className="inbox-item__words">
        <span className="inbox-item__title">
          {unread ? <span className="visually-hidden">{t('unread')}</span> : null}
          {unread ? ' ' : null}
          {wording.title}
        </span>{' '}
        {expanded ? null : <span className="inbox-item__text">{wording.text}</span>}{' '}
        <time className="inbox-item__time" dateTime={message.createdAt} title={dates.moment(message.createdAt)}>
          {dates.recent(message.createdAt)}
        </time>
      </span>
      {unread ? <span className="inbox-item__dot" aria-hidden="true" /> : null}
    </>
  );

  return (
    <li className={unread ? 'inbox-item inbox-item--unread' : 'inbox-item'}>
      <div className="inbox-item__row">
        {link ? (
          <Link id={messageControlId(message.id)} className="inbox-item__open" to={link} onClick={onOpen}>
            {content}
          </Link>
        ) : (
          <button
            id={messageControlId(message.id)}
            type="button"
            className="inbox-item__open"
            aria-expanded={expanded}
            aria-controls={expanded ? fullTextId : undefined}
            onClick={onOpen}
          >
            {content}
          </button>
        )}
        <button type="button" className="icon-btn inbox-item__delete" aria-label={t('delete.label', { title: wording.title })} onClick={onDelete}>
          <TrashIcon />
        </button>
      </div>
      {expanded ? (
        <p id={fullTextId} className="inbox-item__full-text">
          {wording.text}
        </p>
      ) : null}
    </li>
  );
}
