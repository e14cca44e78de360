/**
 * Who her care plan reaches (/care-plan): her link (copied, mailed to one address, replaced) and her circle (the
 * people who joined by it, and followers of her fundraiser she lets in).
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CareInvitationSchema, type CareInvitationInput, type MyCarePlan } from '#shared/schemas/care-plan.ts';
import {
  approveCareFollower,
  inviteToCarePlan,
  removeFromCareCircle,
  replaceCareLink,
} from '#client/api/care-plans.ts';
import { bindFields } from '#client/lib/bind-field.ts';
import { useFieldErrors } from '#client/hooks/use-field-errors.ts';
import { Button, SubmitButton } from '#client/components/ui/button.tsx';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { ConfirmTwice } from '#client/components/ui/confirm-twice.tsx';
import { FormAlert, TextField } from '#client/components/ui/field.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { CopyLinkButton } from '#client/components/copy-link-button.tsx';
import { toastRefusal } from './care-refusal.ts';

type Plan = NonNullable<MyCarePlan['plan']>;

/** Her link by mail to one address: we send it in her name; the address is not kept. */
function InviteForm() {
  const form = useForm<CareInvitationInput, unknown, z.output<typeof CareInvitationSchema>>({
    resolver: zodResolver(CareInvitationSchema),
    defaultValues: { email: '' },
  });
  const showError = useFieldErrors(form.setError, ['email']);
  const [formError, setFormError] = useState<string | null>(null);
  const invite = useMutation({
    mutationFn: inviteToCarePlan,
    onSuccess: ({ message }) => {
      setFormError(null);
      form.reset();
      toast({ title: 'Invitation sent', description: message });
    },
    onError: (err) => setFormError(showError(err, 'Not sent; please try again.')),
  });
  return (
    <form
      noValidate
      className="mt-5 space-y-3 border-t border-brand-100 pt-4"
      onSubmit={form.handleSubmit((input) => invite.mutate(input))}
    >
      {formError && <FormAlert>{formError}</FormAlert>}
      <TextField
        label="Or we mail it to someone for you"
        type="email"
        autoComplete="email"
        hint="To one person at a time. We do not keep the address."
        {...bindFields(form).field('email')}
      />
      <SubmitButton variant="secondary" pending={invite.isPending} pendingLabel="Sending…">
        Send my link
      </SubmitButton>
    </form>
  );
}

/** A new link when the old one went too far: the old one stops working; her circle stays as it is. */
function ReplaceLink() {
  const replace = useMutation({
    mutationFn: replaceCareLink,
    onSuccess: () => toast({ title: 'Link replaced', description: 'Your old link no longer works.' }),
    onError: toastRefusal('Not replaced'),
  });
  return (
    <div className="mt-5 border-t border-brand-100 pt-4">
      <ConfirmTwice
        label="Replace my link…"
        groupLabel="Replace your link"
        warning="Your old link stops working at once, for reading and for joining. People already in your circle stay; remove them below if you need to."
        confirmLabel="Replace it"
        pendingLabel="Replacing…"
        keepLabel="Keep my link"
        pending={replace.isPending}
        onConfirm={() => replace.mutate()}
      />
    </div>
  );
}

export function ShareCard({ plan }: { plan: Plan }) {
  const link = `${window.location.origin}${plan.sharePath}`;
  return (
    <Card aria-labelledby="share-title">
      <CardTitle id="share-title">Your link</CardTitle>
      <p className="mt-1 text-sm text-slate-700">
        Send it to the people you would like help from, by mail or message. It shows what is open, never your address or
        notes; to take a date they sign in and join your circle.
      </p>
      <p
        className="mt-3 rounded-xl bg-slate-50 p-3 font-mono text-sm break-all text-slate-800"
        data-testid="share-link"
      >
        {link}
      </p>
      <div className="mt-3">
        <CopyLinkButton
          label="Copy your link"
          link={link}
          copiedDescription="Send it to the people who offered help."
        />
      </div>
      <InviteForm />
      <ReplaceLink />
    </Card>
  );
}

export function CircleCard({ plan }: { plan: Plan }) {
  const remove = useMutation({
    mutationFn: removeFromCareCircle,
    onSuccess: () => toast({ title: 'Removed from your circle', description: 'They no longer see your plan.' }),
    onError: toastRefusal('Not removed'),
  });
  const letIn = useMutation({
    mutationFn: approveCareFollower,
    onSuccess: () => toast({ title: 'Let in', description: 'They can now see your plan and choose a date.' }),
    onError: toastRefusal('Not let in'),
  });
  return (
    <Card aria-labelledby="circle-title">
      <CardTitle id="circle-title">Your circle</CardTitle>
      {plan.audience === 'members' && (
        <p className="mt-1 text-sm text-slate-700">Your plan is open to every signed-in member as well.</p>
      )}
      {plan.circle.length === 0 ? (
        <p className="mt-3 text-slate-700">Nobody yet. People who open your link and sign in join here.</p>
      ) : (
        <ul className="mt-3 divide-y divide-brand-100">
          {plan.circle.map((person) => (
            <li key={person.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium text-ink">{person.name}</span>{' '}
                <span className="text-sm text-slate-600">
                  {person.via === 'link' ? 'joined by your link' : 'follower you let in'}
                </span>
              </span>
              <Button
                variant="ghost"
                aria-label={`Remove ${person.name} from your circle`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(person.userId)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {plan.followers.length > 0 && (
        <>
          <h3 className="mt-5 font-semibold text-ink">Followers of your fundraiser</h3>
          <ul className="mt-2 divide-y divide-brand-100">
            {plan.followers.map((person) => (
              <li key={person.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="font-medium text-ink">{person.name}</span>
                <Button
                  variant="secondary"
                  aria-label={`Let in ${person.name}`}
                  disabled={letIn.isPending}
                  onClick={() => letIn.mutate(person.userId)}
                >
                  Let in
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
