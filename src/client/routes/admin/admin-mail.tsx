/**
 * /admin-mail (Mail Not Delivered): mail the site gave up on after a day of tries (the mail server refused it or
 * did not answer), for super admins: what it was, when, how many tries and the mail server's code, never an
 * address or a word of the mail; each can be sent for another try, and is still sent only once.
 */
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailFailure } from '#shared/schemas/mail-failures.ts';
import { errorMessage } from '#client/lib/api.ts';
import { formatWhen } from '#client/lib/format.ts';
import { listMailFailures, MAIL_FAILURES_KEY, retryMail } from '#client/api/admin-mail.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { ListBody, ListPager } from './list-body.tsx';

export default function AdminMailPage() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: [...MAIL_FAILURES_KEY, page],
    queryFn: () => listMailFailures(page),
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
  const retry = useMutation({
    mutationFn: retryMail,
    onSuccess: async () => {
      toast({ title: 'Sent for another try', description: 'It goes as soon as the mail server takes it.' });
    },
    onError: (err) => {
      toast({ title: 'Not sent again', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
      void queryClient.invalidateQueries({ queryKey: MAIL_FAILURES_KEY });
    },
  });
  const pending = (f: MailFailure) => retry.isPending && retry.variables.id === f.id;

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-ink">Mail Not Delivered</h1>
      <p className="mt-2 text-slate-700">
        Mail the site tried for a day and could not deliver: the mail server refused it or did not answer. Check the
        site&apos;s mail settings or the mail provider&apos;s status, then send it again. Each mail still goes only
        once.
      </p>
      <Card className="mt-6" aria-labelledby="failures-title">
        <h2 id="failures-title" className="text-xl font-semibold text-ink">
          Undelivered mail
        </h2>
        {list.data && <p className="mt-1 text-sm text-slate-600">{list.data.total} in all, newest first.</p>}
        <ListBody list={list} what="undelivered mail" empty="All mail was delivered.">
          {(data) => (
            <ul aria-label="Undelivered mail" className="mt-2 divide-y divide-slate-200" data-testid="mail-failures">
              {data.items.map((f) => (
                <li key={f.id} className="flex flex-wrap items-start justify-between gap-3 py-4 text-sm">
                  <div>
                    <h3 className="text-base font-semibold text-ink">{f.what}</h3>
                    <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-slate-700">
                      <dt>First tried</dt>
                      <dd>
                        <time dateTime={f.firstTriedAt}>{formatWhen(f.firstTriedAt)}</time>
                      </dd>
                      <dt>Given up</dt>
                      <dd>
                        <time dateTime={f.failedAt}>{formatWhen(f.failedAt)}</time>
                      </dd>
                      <dt>Tries</dt>
                      <dd>{f.tries}</dd>
                      <dt>Why</dt>
                      <dd className="font-mono break-words">{f.reason ?? '—'}</dd>
                    </dl>
                  </div>
                  <Button
                    variant="secondary"
                    aria-label={`Send again: ${f.what}, given up ${formatWhen(f.failedAt)}`}
                    onClick={() => retry.mutate(f)}
                    disabled={pending(f)}
                  >
                    {pending(f) ? 'Sending…' : 'Send again'}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </ListBody>
        <ListPager list={list} label="Pages of undelivered mail" page={page} onPage={setPage} />
      </Card>
    </div>
  );
}
