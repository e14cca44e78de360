/**
 * "Who sees your health answers" on /profile (decision 020): each onboarding answer with its setting beside it (Only
 * me, Members, Public), saved as she chooses. Without her consent to sharing only "Only me" can be chosen, and the
 * section says why and links to the consent.
 */
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  FIELD_VISIBILITIES,
  FIELD_VISIBILITY_HINTS,
  FIELD_VISIBILITY_LABELS,
  type FieldVisibility,
} from '#shared/field-visibility.ts';
import type { FieldVisibilityAnswer } from '#shared/schemas/field-visibility.ts';
import { errorMessage } from '#client/lib/api.ts';
import { fieldVisibilityQuery, setFieldVisibility } from '#client/api/field-visibility.ts';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { SelectField } from '#client/components/ui/field.tsx';
import { toast } from '#client/components/ui/toast.ts';

type OwnField = FieldVisibilityAnswer['fields'][number];

function FieldRow({ field, mayShare }: { field: OwnField; mayShare: boolean }) {
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: (visibility: FieldVisibility) => setFieldVisibility({ field: field.field, visibility }),
    onSuccess: (_answer, visibility) => {
      setError(undefined);
      toast({ title: 'Setting Saved', description: `${field.label}: ${FIELD_VISIBILITY_LABELS[visibility]}` });
    },
    onError: (err) => setError(errorMessage(err, 'Not saved; please try again.')),
  });
  return (
    <li className="grid gap-2 py-4 sm:grid-cols-[1fr_12rem] sm:items-start" data-testid={`field-${field.field}`}>
      <div>
        <p className="font-medium text-ink">{field.label}</p>
        <p className="text-sm break-words whitespace-pre-line text-slate-700">{field.value}</p>
      </div>
      <SelectField
        label={`Who sees your ${field.label.toLowerCase()}`}
        value={field.visibility}
        disabled={save.isPending}
        error={error}
        onChange={(e) => save.mutate(e.target.value as FieldVisibility)}
      >
        {FIELD_VISIBILITIES.map((level) => (
          <option key={level} value={level} disabled={!mayShare && level !== 'only-me'}>
            {FIELD_VISIBILITY_LABELS[level]}
          </option>
        ))}
      </SelectField>
    </li>
  );
}

const levelsWords = FIELD_VISIBILITIES.map((l) => `${FIELD_VISIBILITY_LABELS[l]}: ${FIELD_VISIBILITY_HINTS[l]}.`);

export function FieldVisibilitySection() {
  const settings = useQuery(fieldVisibilityQuery());
  const answer = settings.data;
  if (answer && answer.fields.length === 0) return null;
  return (
    <Card aria-labelledby="field-visibility-title">
      <CardTitle id="field-visibility-title">Who sees your health answers</CardTitle>
      <p className="mt-1 text-sm text-slate-700">
        Each answer is yours alone until you choose otherwise. {levelsWords.join(' ')}
      </p>
      {settings.isPending && <p className="mt-4 text-slate-700">Loading…</p>}
      {settings.isError && (
        <p className="mt-4 text-red-800">{errorMessage(settings.error, 'Your settings could not be loaded.')}</p>
      )}
      {answer && !answer.mayShare && (
        <p
          className="mt-3 rounded-xl bg-brand-50 p-3 text-sm text-slate-800"
          data-testid="field-visibility-needs-share"
        >
          Showing an answer to members or to everyone needs your{' '}
          <a href="#health-consent-title" className="underline">
            consent to sharing your health data
          </a>
          .
        </p>
      )}
      {answer && (
        <ul className="mt-2 divide-y divide-brand-100">
          {answer.fields.map((field) => (
            <FieldRow key={field.field} field={field} mayShare={answer.mayShare} />
          ))}
        </ul>
      )}
    </Card>
  );
}
