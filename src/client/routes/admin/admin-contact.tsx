/** /admin-contact (Contact Inbox): messages sent through /contact, new or handled, for admins of level moderator or above. */
import { useState, type ReactNode } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_LIST_PAGE_SIZE } from '#shared/constants.ts';
import { apiRequest, errorMessage } from '#client/lib/api.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Pager } from '#client/components/ui/pager.tsx';
import { ListLoadError, ListLoading } from '#client/components/ui/list-status.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { AdminOnly } from './admin-access.tsx';
import { fetchAdminPage, formatWhen } from './donations-data.ts';

/** GET /api/admin/contact-messages item. */
export interface ContactMessageItem {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  status: 'new' | 'handled';
  createdAt: string;
}

type Status = ContactMessageItem['status'];

const MESSAGES_PATH = '/api/admin/contact-messages';
const TABS: { status: Status; label: string }[] = [
  { status: 'new', label: 'New' },
  { status: 'handled', label: 'Handled' },
];

function MessageRow({
  message,
  onHandled,
  pending,
}: {
  message: ContactMessageItem;
  onHandled?: () => void;
  pending: boolean;
}) {
  const titleId = `message-${message.id}-subject`;
  return (
    <article aria-labelledby={titleId} className="text-sm text-slate-800">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={titleId} className="text-base font-semibold text-ink">
            {message.subject}
          </h3>
          <p>
            {message.name} ·{' '}
            <a href={`mailto:${message.email}`} className="rounded text-brand-800 underline">
              {message.email}
            </a>
          </p>
          <p className="text-slate-600">
            Received <time dateTime={message.createdAt}>{formatWhen(message.createdAt)}</time>
          </p>
        </div>
        {onHandled && (
          <Button
            variant="secondary"
            aria-label={`Mark handled: ${message.subject}`}
            onClick={onHandled}
            disabled={pending}
          >
            Mark handled
          </Button>
        )}
      </div>
      <p className="mt-2 whitespace-pre-wrap break-words text-slate-800">{message.message}</p>
    </article>
  );
}

function Inbox() {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status>('new');
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: [MESSAGES_PATH, status, page],
    queryFn: () => fetchAdminPage<ContactMessageItem>(MESSAGES_PATH, page, { status }),
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
  const markHandled = useMutation({
    mutationFn: (m: ContactMessageItem) => apiRequest('POST', `${MESSAGES_PATH}/${encodeURIComponent(m.id)}/handled`),
    onSuccess: async () => {
      toast({ title: 'Marked as handled' });
      await queryClient.invalidateQueries({ queryKey: [MESSAGES_PATH] });
      await queryClient.invalidateQueries({ queryKey: ['/api/admin/dashboard'] });
    },
    onError: (err) =>
      toast({
        title: 'Could not mark as handled',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
  });

  const choose = (next: Status) => {
    setStatus(next);
    setPage(1);
  };

  let body: ReactNode;
  if (list.data) {
    body = list.data.items.length ? (
      <ul
        aria-label={`${status === 'new' ? 'New' : 'Handled'} messages`}
        className="mt-2 divide-y divide-slate-200"
        data-testid="messages-list"
      >
        {list.data.items.map((m) => (
          <li key={m.id} className="py-4">
            <MessageRow
              message={m}
              onHandled={m.status === 'new' ? () => markHandled.mutate(m) : undefined}
              pending={markHandled.isPending && markHandled.variables.id === m.id}
            />
          </li>
        ))}
      </ul>
    ) : (
      <p className="mt-4 text-slate-600">{status === 'new' ? 'No new messages.' : 'No handled messages yet.'}</p>
    );
  } else if (list.error) {
    body = <ListLoadError what="messages" error={list.error} onRetry={() => void list.refetch()} />;
  } else {
    body = <ListLoading what="messages" />;
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-ink">Contact Inbox</h1>
      <p className="mt-2 text-slate-700">Messages sent through the contact page, newest first.</p>
      <div role="group" aria-label="Show messages" className="mt-6 flex gap-2">
        {TABS.map((t) => (
          <Button
            key={t.status}
            variant={status === t.status ? 'primary' : 'secondary'}
            aria-pressed={status === t.status}
            onClick={() => choose(t.status)}
          >
            {t.label}
          </Button>
        ))}
      </div>
      <Card className="mt-4" aria-labelledby="messages-title">
        <h2 id="messages-title" className="text-xl font-semibold text-ink">
          {status === 'new' ? 'New messages' : 'Handled messages'}
        </h2>
        {list.data && (
          <p className="mt-1 text-sm text-slate-600">
            {list.data.total} in all, {ADMIN_LIST_PAGE_SIZE} a page.
          </p>
        )}
        {body}
        {list.data && <Pager label="Message pages" page={page} total={list.data.total} onPage={setPage} />}
      </Card>
    </div>
  );
}

export default function AdminContactPage() {
  return (
    <AdminOnly minimum="moderator" returnTo="/admin-contact">
      {() => <Inbox />}
    </AdminOnly>
  );
}
