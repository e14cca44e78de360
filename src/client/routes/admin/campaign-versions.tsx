/** Every published version of the campaign, newest first; any earlier one can be published again. */
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { AdminCampaign } from '#shared/schemas/admin-campaign.ts';
import { errorMessage } from '#client/lib/api.ts';
import { formatWhen } from '#client/lib/format.ts';
import { campaignVersionsKey, listCampaignVersions, restoreCampaignVersion } from '#client/api/admin-campaign.ts';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { CELL, WideTable } from '#client/components/ui/wide-table.tsx';
import { Section } from './campaign-sections.tsx';
import { ListBody, ListPager, pageOf } from './list-body.tsx';

export function Versions({ current, onRestored }: { current: number; onRestored: (c: AdminCampaign) => void }) {
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: [...campaignVersionsKey(page), current],
    queryFn: () => listCampaignVersions(page),
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
  const restore = useMutation({
    mutationFn: (version: number) => restoreCampaignVersion(version, current),
    onSuccess: (answer, version) => {
      toast({
        title: `Version ${version} restored`,
        description: `It is published again as version ${answer.version}.`,
      });
      onRestored(answer);
    },
    onError: (err) =>
      toast({ title: 'Not restored', description: errorMessage(err, 'Please try again.'), variant: 'destructive' }),
  });

  return (
    <Section
      id="versions-title"
      title="Versions"
      description="Every publish is kept. Restoring publishes that version's content again as a new version, and replaces unpublished changes in the form."
    >
      <ListBody list={list} what="versions" empty="No versions yet.">
        {(data) => (
          <WideTable
            label="Campaign versions"
            caption={`${data.total} versions, newest first; ${pageOf(page, data)}.`}
            columns={['Version', 'Published', 'By', 'Note', 'Action']}
            testId="versions-table"
          >
            {data.items.map((v) => (
              <tr key={v.version}>
                <th scope="row" className={`${CELL} font-semibold`}>
                  {v.version}
                  {v.version === current && <span className="block text-xs font-normal text-slate-600">(current)</span>}
                </th>
                <td className={CELL}>
                  <time dateTime={v.createdAt}>{formatWhen(v.createdAt)}</time>
                </td>
                <td className={CELL}>{v.publishedBy ?? '—'}</td>
                <td className={`${CELL} whitespace-pre-line`}>{v.note ?? '—'}</td>
                <td className={CELL}>
                  {v.version !== current && (
                    <Button variant="secondary" disabled={restore.isPending} onClick={() => restore.mutate(v.version)}>
                      Restore version {v.version}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </WideTable>
        )}
      </ListBody>
      <ListPager list={list} label="Version pages" page={page} onPage={setPage} />
    </Section>
  );
}
