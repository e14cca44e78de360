/** /my-stories/new and /my-stories/:id/edit: the story form (StoryDraftSchema), saved as a draft or sent for review. */
import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  STORY_BODY_MAX,
  STORY_BODY_MIN,
  STORY_IMAGES_MAX,
  STORY_REVIEW_OVERDUE_HOURS,
  STORY_TAGS,
  STORY_TAGS_MAX,
  STORY_TITLE_MAX,
  StoryDraftSchema,
  type OwnStory,
} from '#shared/schemas/stories.ts';
import { HEALTH_ANSWERS_PRIVACY } from '#shared/health-answers.ts';
import { NEW_STORY_AUDIENCE, STORY_AUDIENCE_WORDS, STORY_AUDIENCES } from '#shared/story-audience.ts';
import type { CurrentUser } from '#shared/schemas/auth.ts';
import { CONTENT_NOTE_OPTIONS } from '#client/lib/content-note-options.ts';
import { ApiError, errorMessage } from '#client/lib/api.ts';
import { createStory, getMyStory, myStoryKey, submitStory, updateStory } from '#client/api/stories.ts';
import { profileQuery } from '#client/api/user.ts';
import { useFieldErrors } from '#client/hooks/use-field-errors.ts';
import { Button, buttonClass } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import {
  CheckboxField,
  CheckboxGroupField,
  FormAlert,
  RadioGroupField,
  TextAreaField,
  TextField,
} from '#client/components/ui/field.tsx';
import { ListLoadError } from '#client/components/ui/list-status.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { PageFrame } from '#client/components/page-layout.tsx';
import { PageStatus } from '#client/components/page-status.tsx';
import { linkClass } from '#client/components/ui/text-classes.ts';
import { usePageUser } from '#client/page-access.tsx';
import { storyBadge } from './story-model.ts';
import { Badge } from './story-parts.tsx';
import { ImagesField, useImagesField } from '#client/components/images-field.tsx';
import { uploadStoryImage } from '#client/api/uploads.ts';
import { useFormDraft } from '#client/hooks/use-form-draft.ts';
import { DraftNotice } from '#client/components/draft-notice.tsx';

type DraftIn = z.input<typeof StoryDraftSchema>;
type DraftOut = z.output<typeof StoryDraftSchema>;

const FIELDS = [
  'title',
  'body',
  'tags',
  'images',
  'wantsProfessionalInput',
  'publishConsent',
  'audience',
  'contentNotes',
] as const;

const TAG_OPTIONS = STORY_TAGS.map((tag) => ({ value: tag, label: tag }));
const AUDIENCE_OPTIONS = STORY_AUDIENCES.map((value) => ({
  value,
  label: STORY_AUDIENCE_WORDS[value].label,
  description: STORY_AUDIENCE_WORDS[value].hint,
}));
const BODY_HINT = (
  <>
    At least {STORY_BODY_MIN} characters. You can use <strong>**bold**</strong>, <em>*italic*</em>, lists (start lines
    with “- ” or “1. ”) and paragraphs (leave an empty line between them).
  </>
);

const CONSENT_HINT = (
  <>
    Your story is shown on the public stories page only after a moderator approves it, and only if this is ticked. You
    can withdraw it at any time from My Stories, and the story comes off the site at once. Showing it needs your consent
    to sharing your health data, given at onboarding or in Account Settings. {HEALTH_ANSWERS_PRIVACY}
  </>
);

type Intent = 'save' | 'submit';

function StoryForm({ story, consentDefault }: { story: OwnStory | null; consentDefault: boolean }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<DraftIn, unknown, DraftOut>({
    resolver: zodResolver(StoryDraftSchema),
    defaultValues: story
      ? {
          title: story.title,
          body: story.body,
          tags: story.tags as DraftIn['tags'],
          images: story.images,
          wantsProfessionalInput: story.wantsProfessionalInput,
          publishConsent: story.publishConsent,
          audience: story.audience,
          contentNotes: story.contentNotes,
        }
      : {
          title: '',
          body: '',
          tags: [],
          images: [],
          wantsProfessionalInput: false,
          publishConsent: consentDefault,
          audience: NEW_STORY_AUDIENCE,
          contentNotes: [],
        },
  });

  const showFieldErrors = useFieldErrors(form.setError, FIELDS);
  const images = useImagesField(form, useFieldArray({ control: form.control, name: 'images' }));
  // Images are left out of the kept draft: an upload nothing uses is deleted within a day.
  const draft = useFormDraft(form, `story:${story?.id ?? 'new'}`, ['images']);
  const status = story?.status ?? 'draft';
  // A draft or a story that was not approved is saved, then sent; a pending or approved one goes (back) to review on saving.
  const twoStep = story ? story.abilities.submit : true;

  const save = useMutation({
    mutationFn: async ({ input, intent }: { input: DraftOut; intent: Intent }) => {
      const saved = story ? await updateStory(story.id, input) : await createStory(input);
      if (intent === 'submit' && saved.abilities.submit) return submitStory(saved.id);
      return saved;
    },
    onSuccess: async (saved, { intent }) => {
      setFormError(null);
      draft.clear();
      // The list is read again (the endpoint's `changes`); the editor starts from the saved story.
      queryClient.setQueryData(myStoryKey(saved.id), saved);
      if (saved.status === 'pending') {
        toast(
          status === 'pending'
            ? { title: 'Changes saved', description: 'They will be reviewed with your story.' }
            : {
                title: 'Submitted for review',
                description: `A moderator will review it, usually within ${STORY_REVIEW_OVERDUE_HOURS} hours.`,
              },
        );
        navigate('/my-stories');
      } else if (intent === 'save') {
        toast({ title: 'Draft saved', description: 'Only you can see it until you submit it for review.' });
        form.reset(form.getValues());
        if (!story) navigate(`/my-stories/${encodeURIComponent(saved.id)}/edit`, { replace: true });
      }
    },
    onError: (err) => {
      // Field errors go beside their fields; anything else above the form.
      const rest = showFieldErrors(err, 'Please try again.');
      if (rest !== null) setFormError(rest);
      toast({ title: 'Story not saved', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    },
  });

  const submitWith = (intent: Intent) => form.handleSubmit((input) => save.mutate({ input, intent }));
  const errors = form.formState.errors;
  const chosen = useWatch({ control: form.control, name: 'tags' })?.length ?? 0;
  const body = useWatch({ control: form.control, name: 'body' }) ?? '';
  const busy = save.isPending;

  return (
    <form noValidate className="space-y-6" onSubmit={submitWith(twoStep ? 'save' : 'submit')}>
      <DraftNotice draft={draft} />
      {formError && <FormAlert>{formError}</FormAlert>}
      <TextField label="Title" maxLength={STORY_TITLE_MAX} error={errors.title?.message} {...form.register('title')} />
      <TextAreaField
        label="Your story"
        rows={14}
        counter={{ length: body.length, max: STORY_BODY_MAX }}
        hint={BODY_HINT}
        error={errors.body?.message}
        {...form.register('body')}
      />
      <CheckboxGroupField
        legend="Condition tags"
        hint={`Choose up to ${STORY_TAGS_MAX} so readers with the same condition can find your story (${chosen} chosen).`}
        options={TAG_OPTIONS}
        columns={2}
        error={errors.tags?.message ?? errors.tags?.root?.message}
        registration={form.register('tags')}
      />
      <CheckboxGroupField
        legend="Content notes"
        hint="Readers see the note first and choose whether to read on; your images stay blurred until they tap them."
        options={CONTENT_NOTE_OPTIONS}
        columns={2}
        error={errors.contentNotes?.message ?? errors.contentNotes?.root?.message}
        registration={form.register('contentNotes')}
      />
      <ImagesField
        field={images}
        max={STORY_IMAGES_MAX}
        upload={uploadStoryImage}
        hint="They are shown with your story, to the readers you choose, once it is approved."
        describe={(index) => `Image ${index + 1} of your story`}
      />
      <CheckboxField
        label="I would welcome input from verified doctors"
        hint="Verified doctors see stories that ask for professional input on their dashboard and may reply with words of support."
        {...form.register('wantsProfessionalInput')}
      />
      <CheckboxField
        label="Show my story publicly once it is approved"
        hint={CONSENT_HINT}
        error={errors.publishConsent?.message}
        {...form.register('publishConsent')}
      />
      <RadioGroupField
        legend="Who can read it"
        hint="You can change this at any time from My Stories; it takes effect at once."
        options={AUDIENCE_OPTIONS}
        error={errors.audience?.message}
        registration={form.register('audience')}
      />
      {status === 'approved' && (
        <p className="rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950">
          Your changes go to a moderator for review. The approved version stays public until they are approved.
        </p>
      )}
      {status === 'pending' && (
        <p className="rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950">
          This story is waiting for review; your changes will be reviewed with it.
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        {twoStep ? (
          <>
            <Button type="submit" variant="secondary" disabled={busy}>
              {busy && save.variables?.intent === 'save' ? 'Saving…' : 'Save draft'}
            </Button>
            <Button type="button" onClick={submitWith('submit')} disabled={busy}>
              {busy && save.variables?.intent === 'submit' ? 'Submitting…' : 'Submit for review'}
            </Button>
          </>
        ) : (
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving…' : status === 'approved' ? 'Submit changes for review' : 'Save changes'}
          </Button>
        )}
        <Link href="/my-stories" className={buttonClass('ghost')}>
          Cancel
        </Link>
      </div>
    </form>
  );
}

function NewStory() {
  // The onboarding choice about public stories is the default; unknown (not loaded) reads as "not public".
  const profile = useQuery(profileQuery());
  if (profile.isPending) return <PageStatus>Loading…</PageStatus>;
  return <StoryForm story={null} consentDefault={profile.data?.profile?.allowPublicStory === true} />;
}

function EditStory({ id }: { id: string }) {
  const story = useQuery({ queryKey: myStoryKey(id), queryFn: () => getMyStory(id), staleTime: 0 });
  if (story.error) {
    return story.error instanceof ApiError && story.error.status === 404 ? (
      <p className="text-slate-700">
        This story does not exist or is not yours.{' '}
        <Link href="/my-stories" className={linkClass}>
          Back to My Stories
        </Link>
      </p>
    ) : (
      <ListLoadError what="story" error={story.error} onRetry={() => void story.refetch()} />
    );
  }
  if (!story.data) return <p role="status">Loading the story…</p>;
  if (!story.data.abilities.edit) {
    return <p className="text-slate-700">This story is archived, so it can no longer be edited.</p>;
  }
  const badge = storyBadge(story.data, STORY_REVIEW_OVERDUE_HOURS);
  return (
    <>
      <p className="mb-6 flex flex-wrap items-center gap-2 text-sm text-slate-700">
        Status: <Badge tone={badge.tone}>{badge.label}</Badge>
      </p>
      {story.data.status === 'rejected' && story.data.reviewReason && (
        <p className="mb-6 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
          <span className="font-semibold">Moderator&apos;s reason: </span>
          <span className="whitespace-pre-wrap">{story.data.reviewReason}</span>
        </p>
      )}
      {/* Keyed by id: a form's defaults are read once. */}
      <StoryForm key={story.data.id} story={story.data} consentDefault={story.data.publishConsent} />
    </>
  );
}

function Editor({ user, id }: { user: CurrentUser; id: string | undefined }) {
  const title = id ? 'Edit Your Story' : 'Write Your Story';
  if (user.abilities.writeStories !== 'allowed') {
    return (
      <PageFrame title={title} width="3xl">
        <Card className="mt-8">
          <p className="text-slate-700">
            Stories are written by patients, and your account is not a patient account. You can read stories and leave
            words of support.
          </p>
          <Link href="/stories" className={buttonClass('primary', 'md', 'mt-4')}>
            Read stories
          </Link>
        </Card>
      </PageFrame>
    );
  }
  return (
    <PageFrame
      title={title}
      intro="Tell your story in your own words. Nothing is public until a moderator approves it and you allow it."
      width="3xl"
    >
      <Card className="mt-8">{id ? <EditStory id={id} /> : <NewStory />}</Card>
    </PageFrame>
  );
}

export default function StoryEditorPage() {
  const { id } = useParams<{ id?: string }>();
  const user = usePageUser();
  return <Editor user={user} id={id} />;
}
