/**
 * /admin-campaign (Campaign Editor): super admins keep the campaign current without a deploy. The draft is
 * checked with CampaignContentSchema here (and again by the server), previewed as the story page, and
 * published as a new version; any version can be restored. Dated updates can be posted to the followers,
 * and the campaign's owner (a patient) is set here too. The server checks every call.
 */
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CampaignContentSchema } from '#shared/schemas/campaign.ts';
import { CAMPAIGN_NOTE_MAX, type AdminCampaign } from '#shared/schemas/admin-campaign.ts';
import { ApiError, errorMessage } from '#client/lib/api.ts';
import { formatWhen } from '#client/lib/format.ts';
import { ADMIN_CAMPAIGN_KEY, getAdminCampaign, publishCampaign } from '#client/api/admin-campaign.ts';
import { Button } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/field.tsx';
import { ListLoadError } from '#client/components/ui/list-status.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { PageStatus } from '#client/components/page-status.tsx';
import type { ContentIn, ContentOut } from './campaign-fields.tsx';
import { Preview } from './campaign-preview.tsx';
import { ContentSections, Section, StaleAlert, type Alert } from './campaign-sections.tsx';
import { OwnerSection, PostUpdate } from './campaign-updates.tsx';
import { Versions } from './campaign-versions.tsx';

/** A problem the server named: its message, and the content field it is about (without the `content.` prefix). */
function serverProblem(err: unknown): { status: number | null; message: string; field: string | null } {
  const field =
    err instanceof ApiError && err.field?.startsWith('content.') ? err.field.slice('content.'.length) : null;
  return {
    status: err instanceof ApiError ? err.status : null,
    message: errorMessage(err, 'Please try again.'),
    field,
  };
}

/** The form's fields the server may name, for putting its message beside the right one. */
const isContentField = (field: string | null): field is FieldPath<ContentIn> => field !== null && field.length > 0;

function Editor({ initial, reload }: { initial: AdminCampaign; reload: () => Promise<AdminCampaign | undefined> }) {
  const queryClient = useQueryClient();
  const [base, setBase] = useState(initial);
  const [preview, setPreview] = useState<ContentOut | null>(null);
  const [note, setNote] = useState('');
  const [alert, setAlert] = useState<Alert>(null);
  const form = useForm<ContentIn, unknown, ContentOut>({
    resolver: zodResolver(CampaignContentSchema),
    defaultValues: initial.content,
  });
  const heading = useRef<HTMLHeadingElement>(null);
  const previewButton = useRef<HTMLButtonElement>(null);
  /** Where the focus goes once the next render is on screen (the element that had it may be gone or hidden). */
  const focusNext = useRef<HTMLElement | null>(null);
  useEffect(() => {
    focusNext.current?.focus();
    focusNext.current = null;
  });

  /** The form shows a published version (after a publish, a restore, or a reload). */
  function showPublished(campaign: AdminCampaign) {
    setBase(campaign);
    queryClient.setQueryData(ADMIN_CAMPAIGN_KEY, campaign);
    form.reset(campaign.content);
    setPreview(null);
    setAlert(null);
    focusNext.current = heading.current;
  }

  const publish = useMutation({
    mutationFn: (content: ContentOut) => publishCampaign({ content, expectedVersion: base.version, note }),
    onSuccess: (answer) => {
      showPublished(answer);
      setNote('');
      toast({ title: `Version ${answer.version} published`, description: 'The story page shows it now.' });
      window.scrollTo({ top: 0 });
    },
    onError: (err) => {
      const problem = serverProblem(err);
      setPreview(null);
      setAlert({ message: problem.message, stale: problem.status === 409 });
      if (isContentField(problem.field))
        form.setError(problem.field, { message: problem.message }, { shouldFocus: true });
    },
  });

  const onInvalid = () => {
    setPreview(null);
    setAlert({ message: 'Some fields need attention: their messages are shown beside them.', stale: false });
  };
  const submit = form.handleSubmit((content) => {
    setAlert(null);
    publish.mutate(content);
  }, onInvalid);
  const showPreview = form.handleSubmit((content) => {
    setAlert(null);
    setPreview(content);
    window.scrollTo({ top: 0 });
  }, onInvalid);
  const reloadLatest = async () => {
    const latest = await reload();
    if (latest) showPublished(latest);
  };
  /** A dated update was published: the draft keeps its other edits and takes the new list of updates. */
  const takeUpdate = (campaign: AdminCampaign) => {
    setBase(campaign);
    queryClient.setQueryData(ADMIN_CAMPAIGN_KEY, campaign);
    if (form.formState.isDirty)
      form.setValue('journey.updates', campaign.content.journey.updates, { shouldDirty: true });
    else form.reset(campaign.content);
  };

  return (
    <>
      {preview && (
        <Preview
          content={preview}
          onBack={() => {
            focusNext.current = previewButton.current;
            setPreview(null);
          }}
          onPublish={() => void submit()}
          publishing={publish.isPending}
        />
      )}
      <div hidden={preview !== null} className="mx-auto max-w-4xl space-y-6 px-4 py-10">
        <div>
          <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight text-ink outline-none">
            Campaign Editor
          </h1>
          <p className="mt-2 text-slate-700">
            Changes show on the story page once you publish them. Every publish is kept as a version you can restore.
          </p>
          <p className="mt-1 text-sm text-slate-600" data-testid="campaign-version">
            Published version {base.version}, <time dateTime={base.updatedAt}>{formatWhen(base.updatedAt)}</time>.
          </p>
        </div>
        <FormProvider {...form}>
          <form noValidate className="space-y-6" onSubmit={(event) => void submit(event)}>
            <ContentSections />
            <Section
              id="publish-title"
              title="Publish"
              description="Preview the story page with your changes, then publish them as a new version."
            >
              <TextField
                label="Note for the version list (optional)"
                maxLength={CAMPAIGN_NOTE_MAX}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
              {alert && <StaleAlert alert={alert} onReload={() => void reloadLatest()} />}
              <div className="flex flex-wrap gap-3">
                <Button ref={previewButton} variant="secondary" onClick={() => void showPreview()}>
                  Preview
                </Button>
                <Button type="submit" disabled={publish.isPending}>
                  {publish.isPending ? 'Publishing…' : 'Publish'}
                </Button>
              </div>
            </Section>
          </form>
        </FormProvider>
        <PostUpdate version={base.version} onPosted={takeUpdate} onReload={() => void reloadLatest()} />
        <OwnerSection owner={base.owner} onChanged={(owner) => setBase((b) => ({ ...b, owner }))} />
        <Versions current={base.version} onRestored={showPublished} />
      </div>
    </>
  );
}

export default function AdminCampaignPage() {
  const campaign = useQuery({
    queryKey: ADMIN_CAMPAIGN_KEY,
    queryFn: getAdminCampaign,
    gcTime: 0,
    staleTime: Infinity,
  });
  if (campaign.data) return <Editor initial={campaign.data} reload={async () => (await campaign.refetch()).data} />;
  if (campaign.error) {
    return (
      <div className="mx-auto max-w-4xl px-4 py-10">
        <h1 className="text-3xl font-bold tracking-tight text-ink">Campaign Editor</h1>
        <ListLoadError what="campaign" error={campaign.error} onRetry={() => void campaign.refetch()} />
      </div>
    );
  }
  return <PageStatus>Loading the campaign…</PageStatus>;
}
