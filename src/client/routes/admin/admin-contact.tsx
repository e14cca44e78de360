/** /admin-contact (Contact Inbox): messages sent through /contact, new or handled, for admins of level moderator or above. */
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { ContactMessageView } from '#shared/schemas/contact.ts';
import { errorMessage } from '#client/lib/api.ts';
import { formatWhen } from '#client/lib/format.ts';
import { CONTACT_MESSAGES_KEY, listContactMessages, markContactMessageHandled } from '#client/api/admin-contact.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { ChoiceButtons } from './choice-buttons.tsx';
import { ListBody, ListPager } from './list-body.tsx';

type Status = ContactMessageView['status'];

const TABS: { status: Status; label: string }[] = [
  { status: 'new', label: 'New' },
  { status: 'handled', label: 'Handled' },
];

function MessageRow({
  message,
  onHandled,
  pending,
}: {
  message: ContactMessageView;
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

export default function AdminContactPage() {
  const [status, setStatus] = useState<Status>('new');
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: [...CONTACT_MESSAGES_KEY, status, page],
    queryFn: () => listContactMessages(status, page),
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
  const markHandled = useMutation({
    mutationFn: (m: ContactMessageView) => markContactMessageHandled(m.id),
    onSuccess: async () => {
      toast({ title: 'Marked as handled' });
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

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-ink">Contact Inbox</h1>
      <p className="mt-2 text-slate-700">Messages sent through the contact page, newest first.</p>
      <ChoiceButtons
        label="Show messages"
        className="mt-6 flex gap-2"
        value={status}
        choices={TABS.map((t) => ({ value: t.status, label: t.label }))}
        onChange={choose}
      />
      <Card className="mt-4" aria-labelledby="messages-title">
        <h2 id="messages-title" className="text-xl font-semibold text-ink">
          {status === 'new' ? 'New messages' : 'Handled messages'}
        </h2>
        {list.data && (
          <p className="mt-1 text-sm text-slate-600">
            {list.data.total} in all, {list.data.pageSize} a page.
          </p>
        )}
        <ListBody
          list={list}
          what="messages"
          empty={status === 'new' ? 'No new messages.' : 'No handled messages yet.'}
        >
          {(data) => (
            <ul
              aria-label={`${status === 'new' ? 'New' : 'Handled'} messages`}
              className="mt-2 divide-y divide-slate-200"
              data-testid="messages-list"
            >
              {data.items.map((m) => (
                <li key={m.id} className="py-4">
                  <MessageRow
                    message={m}
                    onHandled={m.status === 'new' ? () => markHandled.mutate(m) : undefined}
                    pending={markHandled.isPending && markHandled.variables.id === m.id}
                  />
                </li>
              ))}
            </ul>
          )}
        </ListBody>
        <ListPager list={list} label="Message pages" page={page} onPage={setPage} />
      </Card>
    </div>
  );
}
