/** /notifications: the signed-in user's notifications, newest first, with links to what they are about. */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import type { NotificationItem } from '#shared/schemas/notifications.ts';
import { errorMessage } from '#client/lib/api.ts';
import { formatWhen } from '#client/lib/format.ts';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  NOTIFICATIONS_KEY,
} from '#client/api/notifications.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { ListLoadError, ListLoading } from '#client/components/ui/list-status.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { PageFrame } from '#client/components/page-layout.tsx';

/** Under the bell's key, so one invalidation refreshes both after a change. */
const LIST_KEY = [...NOTIFICATIONS_KEY, 'pages'] as const;

function NotificationRow({ item, onOpen }: { item: NotificationItem; onOpen: () => void }) {
  const title = item.link ? (
    <Link href={item.link} onClick={onOpen} className="rounded font-semibold text-brand-800 underline">
      {item.title}
    </Link>
  ) : (
    <span className="font-semibold text-ink">{item.title}</span>
  );
  return (
    <div className="flex items-start gap-3">
      <span
        aria-hidden="true"
        className={`mt-2 h-2.5 w-2.5 shrink-0 rounded-full ${item.isRead ? 'bg-transparent' : 'bg-brand-600'}`}
      />
      <div>
        <p>
          {!item.isRead && <span className="sr-only">Unread: </span>}
          {title}
        </p>
        {item.body && <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-700">{item.body}</p>}
        <p className="mt-1 text-xs text-slate-600">
          <time dateTime={item.createdAt}>{formatWhen(item.createdAt)}</time>
        </p>
      </div>
    </div>
  );
}

function NotificationList() {
  const list = useInfiniteQuery({
    queryKey: LIST_KEY,
    queryFn: ({ pageParam }) => listNotifications(pageParam || undefined),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    staleTime: 0,
  });
  // Both writes change 'notifications', the first part of the bell's key and of the list's: both are read again.
  const markRead = useMutation({ mutationFn: markNotificationRead });
  const markAll = useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => {
      toast({ title: 'All notifications marked as read' });
    },
    onError: (err) =>
      toast({
        title: 'Could not mark them read',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
  });

  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = list.data?.pages[0]?.unreadCount ?? 0;
  let body: ReactNode;
  if (list.data) {
    body = items.length ? (
      <ul className="mt-2 divide-y divide-slate-200" data-testid="notifications-list">
        {items.map((item) => (
          <li key={item.id} className="py-4">
            <NotificationRow item={item} onOpen={() => !item.isRead && markRead.mutate(item.id)} />
          </li>
        ))}
      </ul>
    ) : (
      <p className="mt-4 text-slate-600">
        Nothing yet. When your story is reviewed or someone sends you words of support, you will see it here.
      </p>
    );
  } else if (list.error) {
    body = <ListLoadError what="notifications" error={list.error} onRetry={() => void list.refetch()} />;
  } else {
    body = <ListLoading what="notifications" />;
  }

  return (
    <Card className="mt-6" aria-label="Your notifications">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700" data-testid="unread-count">
          {unread === 1 ? '1 unread' : `${unread} unread`}
        </p>
        <Button variant="secondary" disabled={unread === 0 || markAll.isPending} onClick={() => markAll.mutate()}>
          Mark all as read
        </Button>
      </div>
      {body}
      {list.hasNextPage && (
        <Button
          variant="secondary"
          className="mt-4"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? 'Loading…' : 'Show older notifications'}
        </Button>
      )}
    </Card>
  );
}

/** For signed-in people: the page table asks others to sign in. */
export default function NotificationsPage() {
  return (
    <PageFrame
      title="Notifications"
      intro="Reviews of your stories, words of support, and news about your account."
      width="3xl"
    >
      <NotificationList />
    </PageFrame>
  );
}
