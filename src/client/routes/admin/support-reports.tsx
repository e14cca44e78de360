/** Reported words of support (moderators): the reply, who reported it and why; hide it or keep it. */
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { SupportReport } from '#shared/schemas/stories.ts';
import { errorMessage } from '#client/lib/api.ts';
import { formatWhen } from '#client/lib/format.ts';
import { listSupportReports, resolveSupportReport, supportReportsKey } from '#client/api/admin-stories.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { ListBody, ListPager } from './list-body.tsx';

function ReportItem({ report }: { report: SupportReport }) {
  const titleId = useId();
  const resolve = useMutation({
    mutationFn: (resolution: 'hidden' | 'kept') => resolveSupportReport(report.id, resolution),
    onSuccess: (_answer, resolution) => {
      toast({
        title: resolution === 'hidden' ? 'Reply hidden' : 'Reply kept',
        description: 'Whoever reported it has been told.',
      });
    },
    onError: (err) =>
      toast({
        title: 'Report not resolved',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
  });
  return (
    <article aria-labelledby={titleId} className="py-4 text-sm text-slate-800" data-testid="support-report">
      <h3 id={titleId} className="font-semibold text-ink">
        Reply by {report.reply.authorName} on{' '}
        <Link href={`/stories/${encodeURIComponent(report.storyId)}`} className="rounded text-brand-800 underline">
          {report.storyTitle || 'a story'}
        </Link>
        {report.reply.hidden && <span className="ml-2 font-normal text-slate-600">(already hidden)</span>}
      </h3>
      <p className="mt-2 rounded-xl border border-slate-200 bg-slate-50 p-3 break-words whitespace-pre-wrap">
        {report.reply.body}
      </p>
      <p className="mt-2">
        Reported by {report.reporterName} on <time dateTime={report.createdAt}>{formatWhen(report.createdAt)}</time>:{' '}
        <span className="whitespace-pre-wrap">“{report.reason}”</span>
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="destructive" onClick={() => resolve.mutate('hidden')} disabled={resolve.isPending}>
          Hide reply
        </Button>
        <Button variant="secondary" onClick={() => resolve.mutate('kept')} disabled={resolve.isPending}>
          Keep
        </Button>
      </div>
    </article>
  );
}

export function ReportsPanel() {
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: supportReportsKey(page),
    queryFn: () => listSupportReports(page),
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
  return (
    <Card className="mt-10" aria-labelledby="reports-title">
      <h2 id="reports-title" className="text-xl font-semibold text-ink">
        Reported replies
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Words of support that someone reported, oldest first. Hide the reply or keep it; the reporter is told either
        way.
      </p>
      <ListBody list={list} what="reports" empty="No open reports.">
        {(data) => (
          <ul aria-label="Reported replies" className="mt-2 divide-y divide-slate-200">
            {data.items.map((r) => (
              <li key={r.id}>
                <ReportItem report={r} />
              </li>
            ))}
          </ul>
        )}
      </ListBody>
      <ListPager list={list} label="Report pages" page={page} onPage={setPage} />
    </Card>
  );
}
