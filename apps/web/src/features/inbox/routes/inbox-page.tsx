import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import type { InboxMessage } from '@kartu/contracts';
import { toast } from '../../../components/feedback/toast-store.ts';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { describeApiError } from '../../../lib/api-client.ts';
import { useBackNavigation } from '../../../lib/back-navigation.ts';
import { useCard } from '../../../lib/card-detail.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useUnreadInboxCount } from '../../../lib/inbox-badge.ts';
import { useDeleteMessage } from '../api/delete-message.ts';
import { useInbox } from '../api/get-inbox.ts';
import { useReadAllMessages } from '../api/read-all-messages.ts';
import { useReadMessage } from '../api/read-message.ts';
import { InboxMessageRow, messageControlId, messageLinkOf } from '../components/inbox-message-row.tsx';
import { EmptyInbox, emptyInboxId, InboxLoadError, InboxSkeleton } from '../components/inbox-states.tsx';
import { useMessageWording } from '../message-wording.ts';
import '../inbox.css';

/** '/notifications' and '/v2/notifications': every message of the member (spec: app-core §2). */
export function InboxPage() {
  const { t } = useTranslation('inbox');
  const goBack = useBackNavigation();
  return (
    <AppLayout header={<Header title={t('title')} onBack={goBack} />}>
      <div className="inbox-page">
        <Inbox cardId={null} />
      </div>
    </AppLayout>
  );
}

/** '/v2/cards/:cardId/notifications': the messages about one card, under its program's name. */
export function CardInboxPage() {
  const { cardId = '' } = useParams();
  const { t } = useTranslation('inbox');
  const goBack = useBackNavigation();
  const { data: card } = useCard(cardId);
  return (
    <AppLayout header={<Header title={t('title')} subtitle={card?.cardProgram.programName} onBack={goBack} />}>
      <div className="inbox-page">
        <Inbox cardId={cardId} />
      </div>
    </AppLayout>
  );
}

function Inbox({ cardId }: { cardId: string | null }) {
  const { t } = useTranslation('inbox');
  const inbox = useInbox(cardId);
  const wordingOf = useMessageWording();
  const unreadCount = useUnreadInboxCount();
  const readMessage = useReadMessage();
  const readAll = useReadAllMessages();
  const deletion = useDeleteMessage();
  const [expandedId, setExpandedId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<InboxMessage | null>(null);
  // Where focus goes once a deleted message has left the list: the next one, else the one before,
  // else the empty inbox's words.
  const focusAfterDelete = useRef<string | null>(null);

  const messages = inbox.data?.pages.flatMap((page) => page.data) ?? [];

  useEffect(() => {
    if (focusAfterDelete.current === null) return;
    const target = document.getElementById(focusAfterDelete.current);
    if (!target) return;
    target.focus();
    focusAfterDelete.current = null;
  }, [messages.length]);

  // A later page or a refresh that fails keeps the messages already shown.
  if (!inbox.data) return inbox.isError ? <InboxLoadError error={inbox.error} onRetry={() => void inbox.refetch()} /> : <InboxSkeleton />;
  if (messages.length === 0) return <EmptyInbox />;

  const anyUnread = unreadCount > 0 || messages.some((message) => message.readAt === null);

  const open = (message: InboxMessage) => {
    if (messageLinkOf(message) === null) setExpandedId((current) => (current === message.id ? null : message.id));
    if (message.readAt !== null) return;
    readMessage.mutate(message, {
      onError: (error) => {
        const text = describeApiError(error);
        if (text) toast.error(text);
      },
    });
  };

  const markAllRead = () => {
    if (!anyUnread || readAll.isPending) return;
    readAll.mutate(undefined, {
      onSuccess: () => toast.success(t('allRead')),
      onError: (error) => toast.error(describeApiError(error) ?? t('loadFailed')),
    });
  };

  const confirmDeletion = (message: InboxMessage) => {
    const index = messages.findIndex((each) => each.id === message.id);
    const neighbour = messages[index + 1] ?? messages[index - 1];
    setDeleting(null);
    focusAfterDelete.current = neighbour ? messageControlId(neighbour.id) : emptyInboxId;
    deletion.mutate(message, {
      onSuccess: () => toast.success(t('delete.done')),
      onError: (error) => {
        focusAfterDelete.current = null;
        toast.error(describeApiError(error) ?? t('loadFailed'));
      },
    });
  };

  return (
    <>
      <div className="inbox-page__toolbar">
        {/* aria-disabled rather than disabled: focus stays on it once everything is read. */}
        <Button variant="link" className="inbox-page__read-all" aria-disabled={!anyUnread} onClick={markAllRead}>
          {t('markAllRead')}
        </Button>
      </div>
      <ul className="inbox-list" aria-label={t('list')}>
        {messages.map((message) => (
          <InboxMessageRow
            key={message.id}
            message={message}
            wording={wordingOf(message.facts)}
            expanded={expandedId === message.id}
            onOpen={() => open(message)}
            onDelete={() => setDeleting(message)}
          />
        ))}
      </ul>
      {inbox.isFetchNextPageError ? (
        <p role="alert" className="inbox-page__more-error">
          {describeApiError(inbox.error) ?? t('loadFailed')}
        </p>
      ) : null}
      {inbox.hasNextPage ? (
        <Button variant="secondary" className="inbox-page__more" loading={inbox.isFetchingNextPage} onClick={() => void inbox.fetchNextPage()}>
          {inbox.isFetchingNextPage ? t('loadingMore') : t('loadMore')}
        </Button>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={t('delete.title')}
          message={
            <>
              <p>{t('delete.message')}</p>
              <p className="inbox-delete__title">{wordingOf(deleting.facts).title}</p>
            </>
          }
          confirmLabel={t('delete.confirm')}
          cancelLabel={t('delete.cancel')}
          onConfirm={() => confirmDeletion(deleting)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </>
  );
}
