/**
 * "Health data consent" on /profile (decision 017): each consent with its date and policy version, withdrawn with
 * one confirmation that says what stops, and given again from here. Withdrawing collection deletes her answers.
 */
import { Link } from 'wouter';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  CONSUMER_HEALTH_POLICY_PATH,
  HEALTH_CONSENT_KINDS,
  HEALTH_CONSENT_TITLE,
  HEALTH_CONSENT_WITHDRAWAL,
  type HealthConsentKind,
} from '#shared/health-data-consent.ts';
import type { HealthConsentsAnswer } from '#shared/schemas/health-data-consent.ts';
import { errorMessage } from '#client/lib/api.ts';
import { formatWhen } from '#client/lib/format.ts';
import {
  deleteHealthAnswers,
  giveHealthConsent,
  healthConsentsQuery,
  withdrawHealthConsent,
} from '#client/api/health-data-consents.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { ConfirmTwice } from '#client/components/ui/confirm-twice.tsx';
import { toast } from '#client/components/ui/toast.ts';

const WITHDRAWN_TOAST: Record<HealthConsentKind, string> = {
  collect: 'Your health answers have been deleted.',
  share: 'Your stories are private and no doctor has access to your fundraiser.',
};

function ConsentRow({ kind, answer }: { kind: HealthConsentKind; answer: HealthConsentsAnswer }) {
  const standing = answer.current[kind];
  const withdraw = useMutation({
    mutationFn: () => withdrawHealthConsent(kind),
    onSuccess: () => toast({ title: 'Consent withdrawn', description: WITHDRAWN_TOAST[kind] }),
    onError: (err) =>
      toast({
        title: 'Consent not withdrawn',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
  });
  const give = useMutation({
    mutationFn: () => giveHealthConsent(kind),
    onSuccess: () => toast({ title: 'Consent given', description: HEALTH_CONSENT_TITLE[kind] }),
    onError: (err) =>
      toast({
        title: 'Consent not given',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
  });
  const titleId = `health-consent-${kind}`;
  return (
    <li className="py-4" aria-labelledby={titleId} data-testid={`health-consent-${kind}`}>
      <p id={titleId} className="font-medium text-ink">
        {HEALTH_CONSENT_TITLE[kind]}
      </p>
      <p className="text-sm text-slate-700">
        {standing ? `Given ${formatWhen(standing.givenAt)} · policy version ${standing.policyVersion}` : 'Not given'}
      </p>
      <div className="mt-3">
        {standing ? (
          <ConfirmTwice
            label="Withdraw…"
            labelFor={`Withdraw consent: ${HEALTH_CONSENT_TITLE[kind]}`}
            groupLabel={`Withdraw consent: ${HEALTH_CONSENT_TITLE[kind]}`}
            warning={HEALTH_CONSENT_WITHDRAWAL[kind]}
            confirmLabel="Withdraw consent"
            pendingLabel="Withdrawing…"
            keepLabel="Keep my consent"
            pending={withdraw.isPending}
            onConfirm={() => withdraw.mutate()}
          />
        ) : (
          <Button
            variant="secondary"
            disabled={give.isPending}
            aria-label={`Give consent: ${HEALTH_CONSENT_TITLE[kind]}`}
            onClick={() => give.mutate()}
          >
            Give consent
          </Button>
        )}
      </div>
    </li>
  );
}

/**
 * Answers she gave before consents were asked: we keep them only if she consents now (the row below), or delete
 * them at her word.
 */
function AnswersBeforeConsent() {
  const remove = useMutation({
    mutationFn: deleteHealthAnswers,
    onSuccess: () => toast({ title: 'Answers deleted', description: WITHDRAWN_TOAST.collect }),
    onError: (err) =>
      toast({
        title: 'Answers not deleted',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
  });
  return (
    <div className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-4" data-testid="answers-before-consent">
      <p className="font-semibold text-amber-950">Your health answers need your consent</p>
      <p className="mt-1 text-sm text-slate-800">
        You answered the health questions before we asked for consent, so we do not use them. Keep them by giving
        consent to collect them below, or delete them.
      </p>
      <div className="mt-3">
        <ConfirmTwice
          label="Delete my answers…"
          labelFor="Delete my answers"
          groupLabel="Delete my health answers"
          warning={HEALTH_CONSENT_WITHDRAWAL.collect}
          confirmLabel="Delete my answers"
          pendingLabel="Deleting…"
          keepLabel="Keep them for now"
          pending={remove.isPending}
          onConfirm={() => remove.mutate()}
        />
      </div>
    </div>
  );
}

export function HealthConsentSection() {
  const consents = useQuery(healthConsentsQuery());
  const answer = consents.data;
  const withdrawn = answer?.history.filter((c) => c.withdrawnAt !== null) ?? [];
  return (
    <Card aria-labelledby="health-consent-title">
      <CardTitle id="health-consent-title">Health data consent</CardTitle>
      <p className="mt-1 text-sm text-slate-700">
        What you allow us to do with your consumer health data. Read the{' '}
        <Link href={CONSUMER_HEALTH_POLICY_PATH} className="underline">
          Consumer Health Data Privacy Policy
        </Link>
        .
      </p>
      {consents.isPending && <p className="mt-4 text-slate-700">Loading…</p>}
      {consents.isError && (
        <p className="mt-4 text-red-800">{errorMessage(consents.error, 'Your consents could not be loaded.')}</p>
      )}
      {answer && (
        <>
          <p className="mt-4 text-sm text-slate-800" data-testid="health-answers-held">
            {answer.holdsHealthAnswers
              ? 'We hold your health answers from your profile.'
              : 'We hold no health answers of yours.'}
            {answer.current.collect && !answer.holdsHealthAnswers && (
              <>
                {' '}
                <Link href="/onboarding" className="underline">
                  Answer the profile questions
                </Link>
              </>
            )}
          </p>
          {answer.holdsHealthAnswers && !answer.current.collect && <AnswersBeforeConsent />}
          <ul className="mt-2 divide-y divide-brand-100">
            {HEALTH_CONSENT_KINDS.map((kind) => (
              <ConsentRow key={kind} kind={kind} answer={answer} />
            ))}
          </ul>
          {withdrawn.length > 0 && (
            <details className="mt-2 text-sm text-slate-700">
              <summary className="cursor-pointer font-medium text-brand-800">Consents you withdrew</summary>
              <ul className="mt-2 space-y-1">
                {withdrawn.map((c) => (
                  <li key={c.id}>
                    {HEALTH_CONSENT_TITLE[c.kind]}: given {formatWhen(c.givenAt)} (version {c.policyVersion}), withdrawn{' '}
                    {formatWhen(c.withdrawnAt!)}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </>
      )}
    </Card>
  );
}
