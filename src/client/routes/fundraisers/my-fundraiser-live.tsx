/**
 * /my-fundraiser once it is live: post a dated update (mailed to followers), edit the story (public at once, the old
 * text kept as a version), propose a money change (my-fundraiser-money.tsx) and close it, asked twice.
 */
import { useId, useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import type { Fundraiser } from '#shared/schemas/fundraisers.ts';
import {
  FUNDRAISER_UPDATE_BODY_MAX,
  FUNDRAISER_UPDATE_TITLE_MAX,
  FundraiserStoryEditSchema,
  FundraiserUpdateSchema,
  type LiveFundraiserExtras,
} from '#shared/schemas/live-fundraisers.ts';
import { CONTENT_NOTE_OPTIONS } from '#client/lib/content-note-options.ts';
import { errorMessage } from '#client/lib/api.ts';
import { formatWhen } from '#client/lib/format.ts';
import { closeMyFundraiser, editFundraiserStory, postFundraiserUpdate } from '#client/api/my-fundraiser.ts';
import { useFieldErrors } from '#client/hooks/use-field-errors.ts';
import { Button, SubmitRow } from '#client/components/ui/button.tsx';
import { ConfirmTwice } from '#client/components/ui/confirm-twice.tsx';
import { CheckboxGroupField, FormAlert, TextAreaField, TextField } from '#client/components/ui/field.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { useImagesField } from '#client/components/images-field.tsx';
import { DraftNotice } from '#client/components/draft-notice.tsx';
import { useFormDraft, useHasFormDraft } from '#client/hooks/use-form-draft.ts';
import { defaults, StoryFields, type DraftIn } from './my-fundraiser-form.tsx';
import { useSaveAnswer } from './my-fundraiser-answer.ts';
import { MoneyChange } from './my-fundraiser-money.tsx';

type UpdateIn = z.input<typeof FundraiserUpdateSchema>;
type UpdateOut = z.output<typeof FundraiserUpdateSchema>;
type StoryEditOut = z.output<typeof FundraiserStoryEditSchema>;
const UPDATE_FIELDS = ['title', 'body', 'contentNotes'] as const;
const STORY_FIELDS = ['title', 'story', 'images'] as const;

const failed = (title: string) => (err: unknown) =>
  toast({ title, description: errorMessage(err, 'Please try again.'), variant: 'destructive' });

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-4 border-t border-slate-200 pt-6">
      <h2 id={id} className="text-xl font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Updates({ fundraiser, live }: { fundraiser: Fundraiser; live: LiveFundraiserExtras }) {
  const saveAnswer = useSaveAnswer();
  const form = useForm<UpdateIn, unknown, UpdateOut>({
    resolver: zodResolver(FundraiserUpdateSchema),
    defaultValues: { title: '', body: '', contentNotes: [] },
  });
  const draft = useFormDraft(form, `fundraiser-update:${fundraiser.id}`);
  const body = useWatch({ control: form.control, name: 'body' }) ?? '';
  const showFieldErrors = useFieldErrors(form.setError, UPDATE_FIELDS);
  const post = useMutation({
    mutationFn: postFundraiserUpdate,
    onSuccess: ({ notified, ...answer }) => {
      saveAnswer(answer);
      draft.clear();
      form.reset();
      toast({
        title: 'Update posted',
        description: `It is on your page${notified > 0 ? ` and ${notified} follower${notified === 1 ? ' is' : 's are'} being told` : ''}.`,
      });
    },
    onError: (err) => {
      showFieldErrors(err);
      failed('Update not posted')(err);
    },
  });
  const errors = form.formState.errors;
  return (
    <Section title="Post an update">
      <p className="text-sm text-slate-700">
        Dated updates show on your public page, newest first, and are emailed to the people who follow it.
      </p>
      <form noValidate className="space-y-4" onSubmit={form.handleSubmit((input) => post.mutate(input))}>
        <DraftNotice draft={draft} />
        <TextField
          label="Update title"
          maxLength={FUNDRAISER_UPDATE_TITLE_MAX}
          error={errors.title?.message}
          {...form.register('title')}
        />
        <TextAreaField
          label="What is new"
          hint="Leave an empty line between paragraphs."
          rows={5}
          counter={{ length: body.length, max: FUNDRAISER_UPDATE_BODY_MAX }}
          error={errors.body?.message}
          {...form.register('body')}
        />
        <CheckboxGroupField
          legend="Content notes"
          hint="Readers see the note first and choose whether to read on; followers' mail carries the note, not the text."
          options={CONTENT_NOTE_OPTIONS}
          columns={2}
          error={errors.contentNotes?.message ?? errors.contentNotes?.root?.message}
          registration={form.register('contentNotes')}
        />
        <Button type="submit" disabled={post.isPending}>
          {post.isPending ? 'Posting…' : 'Post update'}
        </Button>
      </form>
      {live.updates.length > 0 && (
        <>
          <h3 className="font-semibold text-ink">Your updates</h3>
          <ol className="space-y-2 text-sm text-slate-800">
            {live.updates.map((u) => (
              <li key={u.id}>
                <time dateTime={u.postedAt} className="text-slate-600">
                  {formatWhen(u.postedAt)}
                </time>{' '}
                · <span className="font-medium">{u.title}</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </Section>
  );
}

/** The story form: the fields of the application, checked by the live edit's schema. */
function StoryEditForm({ fundraiser, onClose }: { fundraiser: Fundraiser; onClose: () => void }) {
  const saveAnswer = useSaveAnswer();
  const [formError, setFormError] = useState<string | null>(null);
  const expectedVersion = fundraiser.storyVersion;
  const resolver: Resolver<DraftIn, unknown, StoryEditOut> = (values, context, options) =>
    zodResolver(FundraiserStoryEditSchema)(
      // Only the story's fields of the application's values; the schema says what each must be.
      { title: values.title, story: values.story, images: values.images, expectedVersion } as never,
      context,
      options as never,
    );
  const form = useForm<DraftIn, unknown, StoryEditOut>({ resolver, defaultValues: defaults(fundraiser) });
  const images = useImagesField(form, useFieldArray({ control: form.control, name: 'images' }));
  const draft = useFormDraft(form, storyDraftName(fundraiser), ['images']);
  const showFieldErrors = useFieldErrors(form.setError, STORY_FIELDS);
  const edit = useMutation({
    mutationFn: editFundraiserStory,
    onSuccess: (answer) => {
      saveAnswer(answer);
      draft.clear();
      toast({ title: 'Story saved', description: 'Your public page shows it now; the earlier text is kept.' });
      onClose();
    },
    onError: (err) => {
      const rest = showFieldErrors(err, 'Please try again.');
      if (rest !== null) setFormError(rest);
      failed('Story not saved')(err);
    },
  });
  return (
    <form noValidate className="space-y-6" onSubmit={form.handleSubmit((input) => edit.mutate(input))}>
      <DraftNotice draft={draft} />
      {formError && <FormAlert>{formError}</FormAlert>}
      <StoryFields form={form} images={images} />
      <SubmitRow
        pending={edit.isPending}
        pendingLabel="Saving…"
        onCancel={() => {
          // Cancel throws the edit away: ask first when there is one.
          if (draft.unsaved() && !window.confirm('Discard the changes you made to your story?')) return;
          draft.discard();
          onClose();
        }}
        cancelVariant="secondary"
      >
        Save and publish
      </SubmitRow>
    </form>
  );
}

const storyDraftName = (fundraiser: Fundraiser) => `fundraiser-story:${fundraiser.id}`;

function Story({ fundraiser, live }: { fundraiser: Fundraiser; live: LiveFundraiserExtras }) {
  // Open on an edit she had not saved, kept on this device.
  const [editing, setEditing] = useState(useHasFormDraft(storyDraftName(fundraiser)));
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <Section title="Your story">
      <p className="text-sm text-slate-700">
        <span className="font-semibold">Version {fundraiser.storyVersion}</span> is on your public page. Edits to the
        title, story and images are public as soon as you save them; each earlier text is kept.
      </p>
      {editing ? (
        <StoryEditForm
          fundraiser={fundraiser}
          onClose={() => {
            setEditing(false);
            setTimeout(() => opener.current?.focus());
          }}
        />
      ) : (
        <Button ref={opener} variant="secondary" onClick={() => setEditing(true)}>
          Edit the story
        </Button>
      )}
      {live.storyVersions.length > 0 && (
        <details className="text-sm text-slate-800">
          <summary className="cursor-pointer rounded font-semibold text-brand-800">
            Earlier versions ({live.storyVersions.length})
          </summary>
          <ol className="mt-2 space-y-3">
            {[...live.storyVersions].reverse().map((v) => (
              <li key={v.version} className="rounded-xl border border-slate-200 p-3">
                <p className="font-medium">
                  Version {v.version}: {v.title} · replaced{' '}
                  <time dateTime={v.replacedAt}>{formatWhen(v.replacedAt)}</time>
                </p>
                <p className="mt-1 break-words whitespace-pre-wrap">{v.story}</p>
              </li>
            ))}
          </ol>
        </details>
      )}
    </Section>
  );
}

/** Close, asked twice: it cannot be opened again. */
function CloseFundraiser() {
  const saveAnswer = useSaveAnswer();
  const close = useMutation({
    mutationFn: closeMyFundraiser,
    onSuccess: (answer) => {
      saveAnswer(answer);
      toast({ title: 'Fundraiser closed', description: 'Its page and ledger stay readable; it takes no new gifts.' });
    },
    onError: failed('Not closed'),
  });
  return (
    <Section title="Close the fundraiser">
      <ConfirmTwice
        label="Close the fundraiser…"
        groupLabel="Close the fundraiser"
        warning="Closing stops new gifts for good. The page, its updates and its ledger stay public, and gifts already recorded are still spent only on verified expenses. You cannot reopen it."
        confirmLabel="Close it for good"
        pendingLabel="Closing…"
        keepLabel="Keep it open"
        pending={close.isPending}
        onConfirm={() => close.mutate()}
      />
    </Section>
  );
}

/** What the owner of a live fundraiser can do with it. */
export function LiveFundraiser({ fundraiser, live }: { fundraiser: Fundraiser; live: LiveFundraiserExtras }) {
  return (
    <>
      <Updates fundraiser={fundraiser} live={live} />
      <Story fundraiser={fundraiser} live={live} />
      <MoneyChange fundraiser={fundraiser} />
      <CloseFundraiser />
    </>
  );
}
