/** Posting a dated update to the campaign (and its followers), and setting the campaign's owner. */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { CampaignUpdateSchema } from '#shared/schemas/campaign.ts';
import { paragraphsOf, type AdminCampaign } from '#shared/schemas/admin-campaign.ts';
import { CampaignOwnerSchema } from '#shared/schemas/spending.ts';
import { ApiError, errorMessage } from '#client/lib/api.ts';
import { useFieldErrors } from '#client/hooks/use-field-errors.ts';
import { postCampaignUpdate, setCampaignOwner } from '#client/api/admin-campaign.ts';
import { Button } from '#client/components/ui/button.tsx';
import { CheckboxField, TextAreaField, TextField } from '#client/components/ui/field.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { Section, StaleAlert, type Alert } from './campaign-sections.tsx';

const UPDATE_FIELDS = ['date', 'title'] as const;

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

export function PostUpdate({
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
  const showFieldErrors = useFieldErrors(form.setError, UPDATE_FIELDS);
  const post = useMutation({
    mutationFn: (input: PostUpdateIn) =>
      postCampaignUpdate({
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
      const message = showFieldErrors(err, 'Please try again.');
      if (message !== null) setAlert({ message, stale: err instanceof ApiError && err.status === 409 });
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

export function OwnerSection({
  owner,
  onChanged,
}: {
  owner: AdminCampaign['owner'];
  onChanged: (owner: AdminCampaign['owner']) => void;
}) {
  const form = useForm<OwnerIn>({ resolver: zodResolver(CampaignOwnerSchema), defaultValues: { email: '' } });
  const save = useMutation({
    mutationFn: setCampaignOwner,
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
