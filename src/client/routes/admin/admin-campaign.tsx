/**
 * /admin-campaign (Campaign Editor): super admins keep the campaign current without a deploy. The draft is
 * checked with CampaignContentSchema here (and again by the server), previewed as the story page, and
 * published as a new version; any version can be restored. Dated updates can be posted to the followers,
 * and the campaign's owner (a patient) is set here too. The server checks every call.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FormProvider, useFieldArray, useForm, useFormContext, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ADMIN_LIST_PAGE_SIZE, CURRENCIES } from '#shared/constants.ts';
import { CampaignContentSchema, CampaignUpdateSchema } from '#shared/schemas/campaign.ts';
import {
  CAMPAIGN_NOTE_MAX,
  paragraphsOf,
  type AdminCampaign,
  type CampaignVersionItem,
} from '#shared/schemas/admin-campaign.ts';
import { CampaignOwnerSchema } from '#shared/schemas/spending.ts';
import { apiRequest, errorMessage } from '#client/lib/api.ts';
import { apiErrorInfo } from '#client/lib/api-error.ts';
import { SiteProvider, useSiteUrl } from '#client/lib/campaign-context.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { CheckboxField, FormAlert, SelectField, TextAreaField, TextField } from '#client/components/ui/field.tsx';
import { ListLoadError, ListLoading } from '#client/components/ui/list-status.tsx';
import { Pager } from '#client/components/ui/pager.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { CELL, WideTable } from '#client/components/ui/wide-table.tsx';
import CampaignPage from '../public/campaign-page.tsx';
import { PageStatus } from '../account/account-layout.tsx';
import { AdminOnly } from './admin-access.tsx';
import { fetchAdminPage, formatWhen } from './donations-data.ts';
import { ImageField, Money, Paragraphs, Text, type ContentIn, type ContentOut } from './campaign-fields.tsx';

const CAMPAIGN_PATH = '/api/admin/campaign';
const CAMPAIGN_KEY = [CAMPAIGN_PATH] as const;
const VERSIONS_PATH = `${CAMPAIGN_PATH}/versions`;
const VERSIONS_KEY = [VERSIONS_PATH] as const;

/** A problem the server named: its message, and the content field it is about (without the `content.` prefix). */
function serverProblem(err: unknown): { status: number | null; message: string; field: string | null } {
  const info = apiErrorInfo(err);
  const field = info.field?.startsWith('content.') ? info.field.slice('content.'.length) : null;
  return { status: info.status, message: errorMessage(err, 'Please try again.'), field };
}

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={id} className="space-y-4">
      <div>
        <CardTitle id={id}>{title}</CardTitle>
        {description && <p className="mt-1 text-sm text-slate-700">{description}</p>}
      </div>
      {children}
    </Card>
  );
}

function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-ink">{legend}</legend>
      {children}
    </fieldset>
  );
}

function TextsSection() {
  return (
    <Section id="texts-title" title="Texts" description="What the story page says, from the top.">
      <Text name="name" label="Campaign name" />
      <Text name="urgentBadge" label="Urgent badge" />
      <Text name="headline" label="Headline" rows={2} />
      <Text name="intro" label="Introduction" rows={5} />
      <Text name="goalNote" label="Note under the goal" rows={2} />
      <Paragraphs name="journey.paragraphs" label="The journey (story paragraphs)" rows={8} />
      <Text name="timeIsCritical.title" label="Time is critical: title" />
      <Paragraphs name="timeIsCritical.paragraphs" label="Time is critical: paragraphs" />
    </Section>
  );
}

function GoalSection() {
  const { register } = useFormContext<ContentIn>();
  return (
    <Section id="goal-title" title="Goal">
      <div className="grid gap-4 sm:grid-cols-2">
        <Money name="goal.cents" label="Goal amount" hint="In the goal's currency, e.g. 15000." />
        <SelectField label="Goal currency" {...register('goal.currency')}>
          {CURRENCIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </SelectField>
      </div>
    </Section>
  );
}

function VideoAndLinksSection() {
  return (
    <Section id="video-title" title="Video and links">
      <Text
        name="video.youtubeId"
        label="YouTube video id"
        hint="The 11 characters after v= in the video's address."
        maxLength={11}
      />
      <Text name="video.title" label="Video title" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Text name="video.shortVideoUrl" label="Short video link" hint="A full https:// address." />
        <Text name="video.shortVideoLabel" label="Short video link text" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Text name="crowdfunding.url" label="Crowdfunding page link" hint="A full https:// address." />
        <Text name="crowdfunding.label" label="Crowdfunding button text" />
      </div>
    </Section>
  );
}

function PaymentMethodsSection() {
  const { getValues } = useFormContext<ContentIn>();
  const methods = getValues('paymentMethods');
  return (
    <Section id="payments-title" title="Payment methods" description="The donate page's buttons, in this order.">
      {methods.map((method, i) => (
        <Fieldset key={method.name} legend={method.name}>
          <Text name={`paymentMethods.${i}.description`} label={`${method.name}: description`} />
          <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
            <Text name={`paymentMethods.${i}.link`} label={`${method.name}: link`} hint="https:// or mailto:" />
            <Text
              name={`paymentMethods.${i}.color`}
              label={`${method.name}: colour`}
              hint="# and six hex digits"
              maxLength={7}
            />
          </div>
        </Fieldset>
      ))}
    </Section>
  );
}

function CostsSection() {
  const { getValues } = useFormContext<ContentIn>();
  const groups = getValues('costs.groups');
  return (
    <Section
      id="costs-editor-title"
      title="Where your donation goes"
      description="The four cost groups and what each is expected to cost."
    >
      {groups.map((group, i) => (
        <Fieldset key={group.key} legend={`Cost group ${i + 1}`}>
          <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
            <Text name={`costs.groups.${i}.label`} label={`Cost group ${i + 1}: label`} />
            <Money name={`costs.groups.${i}.amountCents`} label={`Cost group ${i + 1}: amount (USD)`} />
          </div>
          <Text name={`costs.groups.${i}.description`} label={`Cost group ${i + 1}: description`} rows={2} />
        </Fieldset>
      ))}
    </Section>
  );
}

function SupportersSection() {
  const { register } = useFormContext<ContentIn>();
  return (
    <Section
      id="supporters-editor-title"
      title="Recent supporters"
      description="The five supporters the story page shows."
    >
      {[0, 1, 2, 3, 4].map((i) => (
        <Fieldset key={i} legend={`Supporter ${i + 1}`}>
          <div className="grid gap-4 sm:grid-cols-2">
            <Text name={`supporters.${i}.name`} label={`Supporter ${i + 1}: name`} />
            <Text name={`supporters.${i}.source`} label={`Supporter ${i + 1}: how they gave`} hint="e.g. via PayPal" />
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <Money name={`supporters.${i}.amount.cents`} label={`Supporter ${i + 1}: amount`} />
            <SelectField label={`Supporter ${i + 1}: currency`} {...register(`supporters.${i}.amount.currency`)}>
              {CURRENCIES.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </SelectField>
            <Money
              name={`supporters.${i}.usdEstimateCents`}
              label={`Supporter ${i + 1}: USD estimate (optional)`}
              optional
            />
          </div>
        </Fieldset>
      ))}
    </Section>
  );
}

function ImagesSection() {
  return (
    <Section
      id="images-title"
      title="Images"
      description="Every image needs alt text. Uploaded images replace the current ones when you publish."
    >
      <Text name="gallery.title" label="Gallery title" />
      <div className="grid gap-4 md:grid-cols-2">
        {[0, 1, 2, 3].map((i) => (
          <ImageField key={i} name={`gallery.images.${i}`} legend={`Gallery image ${i + 1}`} />
        ))}
        {[0, 1].map((i) => (
          <ImageField key={`journey-${i}`} name={`journey.images.${i}`} legend={`Journey image ${i + 1}`} />
        ))}
      </div>
    </Section>
  );
}

function UpdatesSection() {
  const { control } = useFormContext<ContentIn>();
  const { fields, remove } = useFieldArray({ control, name: 'journey.updates' });
  return (
    <Section
      id="updates-editor-title"
      title="Dated updates"
      description="Newest first. Correct an update here; post a new one below, where its followers can be told."
    >
      {fields.map((field, i) => (
        <Fieldset key={field.id} legend={`Update ${i + 1}`}>
          <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
            <Text name={`journey.updates.${i}.date`} label={`Update ${i + 1}: date`} hint="YYYY-MM-DD" maxLength={10} />
            <Text name={`journey.updates.${i}.title`} label={`Update ${i + 1}: title`} />
          </div>
          <Paragraphs name={`journey.updates.${i}.paragraphs`} label={`Update ${i + 1}: text`} rows={4} />
          {fields.length > 1 && (
            <Button variant="secondary" onClick={() => remove(i)}>
              Remove update {i + 1}
            </Button>
          )}
        </Fieldset>
      ))}
    </Section>
  );
}

/** How the story page will look with the draft, before anything is published. */
function Preview({
  content,
  onBack,
  onPublish,
  publishing,
}: {
  content: ContentOut;
  onBack: () => void;
  onPublish: () => void;
  publishing: boolean;
}) {
  const siteUrl = useSiteUrl()('');
  const heading = useRef<HTMLHeadingElement>(null);
  // The Preview button that opened this is hidden now: keyboard and screen reader users start here.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div>
      <div role="region" aria-label="Preview" className="sticky top-0 z-10 border-b border-brand-200 bg-brand-50">
        <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          {/* The story page's own heading is in the inert preview, out of the accessibility tree: this is the page's heading. */}
          <div>
            <h1 ref={heading} tabIndex={-1} className="text-lg font-bold text-brand-900 outline-none">
              Preview of your changes
            </h1>
            <p className="text-sm text-brand-900">
              This is how the story page will look once you publish. Nothing is published yet.
            </p>
          </div>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={onBack}>
              Back to editing
            </Button>
            <Button onClick={onPublish} disabled={publishing}>
              {publishing ? 'Publishing…' : 'Publish'}
            </Button>
          </div>
        </div>
      </div>
      {/* Looked at, not used: its links and buttons would leave the editor. */}
      <div inert data-testid="campaign-preview">
        <SiteProvider site={{ content, siteUrl }}>
          <CampaignPage />
        </SiteProvider>
      </div>
    </div>
  );
}

type Alert = { message: string; stale: boolean } | null;

function StaleAlert({ alert, onReload }: { alert: NonNullable<Alert>; onReload: () => void }) {
  return (
    <FormAlert>
      <p>{alert.message}</p>
      {alert.stale && (
        <Button variant="secondary" className="mt-2" onClick={onReload}>
          Load the latest version (drops unpublished changes)
        </Button>
      )}
    </FormAlert>
  );
}

const PostUpdateFormSchema = z.object({
  date: CampaignUpdateSchema.shape.date,
  title: CampaignUpdateSchema.shape.title,
  text: z.string().refine((t) => paragraphsOf(t).length > 0, 'Write the update'),
  notifyFollowers: z.boolean(),
});
type PostUpdateIn = z.input<typeof PostUpdateFormSchema>;

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

function PostUpdate({
  version,
  onPosted,
  onReload,
}: {
  version: number;
  onPosted: (c: AdminCampaign) => void;
  onReload: () => void;
}) {
  const [alert, setAlert] = useState<Alert>(null);
  const form = useForm<PostUpdateIn>({
    resolver: zodResolver(PostUpdateFormSchema),
    defaultValues: { date: today(), title: '', text: '', notifyFollowers: true },
  });
  const post = useMutation({
    mutationFn: (input: PostUpdateIn) =>
      apiRequest<AdminCampaign & { notified: number }>('POST', `${CAMPAIGN_PATH}/updates`, {
        date: input.date,
        title: input.title,
        paragraphs: paragraphsOf(input.text),
        notifyFollowers: input.notifyFollowers,
        expectedVersion: version,
      }),
    onSuccess: (answer) => {
      setAlert(null);
      form.reset({ date: today(), title: '', text: '', notifyFollowers: true });
      toast({
        title: `Update posted as version ${answer.version}`,
        description: answer.notified ? `${answer.notified} followers were told.` : 'No followers were told.',
      });
      onPosted(answer);
    },
    onError: (err) => {
      const problem = serverProblem(err);
      const field = apiErrorInfo(err).field;
      if (field === 'date' || field === 'title')
        form.setError(field, { message: problem.message }, { shouldFocus: true });
      else setAlert({ message: problem.message, stale: problem.status === 409 });
    },
  });
  const errors = form.formState.errors;
  return (
    <Section
      id="post-update-title"
      title="Post an update"
      description="A dated update goes first in the journey section and is published at once, as a new version."
    >
      <form noValidate className="space-y-4" onSubmit={form.handleSubmit((input) => post.mutate(input))}>
        <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
          <TextField label="Date of the update" type="date" error={errors.date?.message} {...form.register('date')} />
          <TextField label="Title of the update" error={errors.title?.message} {...form.register('title')} />
        </div>
        <TextAreaField
          label="Text of the update"
          hint="Leave an empty line between paragraphs."
          rows={5}
          error={errors.text?.message}
          {...form.register('text')}
        />
        <CheckboxField
          label="Tell the followers (in the site and by email, for those who allow email)"
          {...form.register('notifyFollowers')}
        />
        {alert && <StaleAlert alert={alert} onReload={onReload} />}
        <Button type="submit" disabled={post.isPending}>
          {post.isPending ? 'Posting…' : 'Post the update'}
        </Button>
      </form>
    </Section>
  );
}

type OwnerIn = z.input<typeof CampaignOwnerSchema>;

function OwnerSection({
  owner,
  onChanged,
}: {
  owner: AdminCampaign['owner'];
  onChanged: (owner: AdminCampaign['owner']) => void;
}) {
  const form = useForm<OwnerIn>({ resolver: zodResolver(CampaignOwnerSchema), defaultValues: { email: '' } });
  const save = useMutation({
    mutationFn: (input: OwnerIn) =>
      apiRequest<{ owner: NonNullable<AdminCampaign['owner']> }>('PUT', `${CAMPAIGN_PATH}/owner`, input),
    onSuccess: ({ owner: next }) => {
      form.reset({ email: '' });
      toast({ title: 'Campaign owner set', description: `${next.name} (${next.email}) now owns the campaign.` });
      onChanged(next);
    },
    onError: (err) =>
      form.setError('email', { message: errorMessage(err, 'Please try again.') }, { shouldFocus: true }),
  });
  return (
    <Section
      id="owner-title"
      title="Campaign owner"
      description="The patient the money is for: they submit the campaign's expenses."
    >
      <p className="text-slate-800" data-testid="campaign-owner">
        {owner ? (
          <>
            Owner: <span className="font-semibold">{owner.name}</span> ({owner.email})
          </>
        ) : (
          'No owner is set yet.'
        )}
      </p>
      <form
        noValidate
        className="flex flex-wrap items-end gap-3"
        onSubmit={form.handleSubmit((input) => save.mutate(input))}
      >
        <div className="min-w-64 flex-1">
          <TextField
            label="Email of the owner's patient account"
            type="email"
            autoComplete="off"
            error={form.formState.errors.email?.message}
            {...form.register('email')}
          />
        </div>
        <Button type="submit" disabled={save.isPending} className="mb-0.5">
          {save.isPending ? 'Saving…' : 'Set owner'}
        </Button>
      </form>
    </Section>
  );
}

function Versions({ current, onRestored }: { current: number; onRestored: (c: AdminCampaign) => void }) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: [...VERSIONS_KEY, page, current],
    queryFn: () => fetchAdminPage<CampaignVersionItem>(VERSIONS_PATH, page),
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
  const restore = useMutation({
    mutationFn: (version: number) =>
      apiRequest<AdminCampaign>('POST', `${VERSIONS_PATH}/${version}/restore`, { expectedVersion: current }),
    onSuccess: (answer, version) => {
      toast({
        title: `Version ${version} restored`,
        description: `It is published again as version ${answer.version}.`,
      });
      onRestored(answer);
      void queryClient.invalidateQueries({ queryKey: VERSIONS_KEY });
    },
    onError: (err) =>
      toast({ title: 'Not restored', description: errorMessage(err, 'Please try again.'), variant: 'destructive' }),
  });

  let body: ReactNode;
  if (list.data) {
    const pages = Math.max(1, Math.ceil(list.data.total / ADMIN_LIST_PAGE_SIZE));
    body = (
      <WideTable
        label="Campaign versions"
        caption={`${list.data.total} versions, newest first; page ${page} of ${pages}.`}
        columns={['Version', 'Published', 'By', 'Note', 'Action']}
        testId="versions-table"
      >
        {list.data.items.map((v) => (
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
    );
  } else if (list.error) {
    body = <ListLoadError what="versions" error={list.error} onRetry={() => void list.refetch()} />;
  } else {
    body = <ListLoading what="versions" />;
  }
  return (
    <Section
      id="versions-title"
      title="Versions"
      description="Every publish is kept. Restoring publishes that version's content again as a new version, and replaces unpublished changes in the form."
    >
      {body}
      {list.data && <Pager label="Version pages" page={page} total={list.data.total} onPage={setPage} />}
    </Section>
  );
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
    queryClient.setQueryData(CAMPAIGN_KEY, campaign);
    form.reset(campaign.content);
    setPreview(null);
    setAlert(null);
    focusNext.current = heading.current;
  }

  const publish = useMutation({
    mutationFn: (content: ContentOut) =>
      apiRequest<AdminCampaign>('PUT', CAMPAIGN_PATH, { content, expectedVersion: base.version, note }),
    onSuccess: (answer) => {
      showPublished(answer);
      setNote('');
      void queryClient.invalidateQueries({ queryKey: VERSIONS_KEY });
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
    queryClient.setQueryData(CAMPAIGN_KEY, campaign);
    if (form.formState.isDirty)
      form.setValue('journey.updates', campaign.content.journey.updates, { shouldDirty: true });
    else form.reset(campaign.content);
    void queryClient.invalidateQueries({ queryKey: VERSIONS_KEY });
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
            <TextsSection />
            <GoalSection />
            <VideoAndLinksSection />
            <PaymentMethodsSection />
            <CostsSection />
            <SupportersSection />
            <ImagesSection />
            <UpdatesSection />
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

function CampaignEditorPage() {
  const campaign = useQuery({
    queryKey: CAMPAIGN_KEY,
    queryFn: () => apiRequest<AdminCampaign>('GET', CAMPAIGN_PATH),
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

export default function AdminCampaignPage() {
  return (
    <AdminOnly minimum="super_admin" returnTo="/admin-campaign">
      {() => <CampaignEditorPage />}
    </AdminOnly>
  );
}
