/**
 * "Ask for help": one request of her plan (CareRequestSchema, the contract the server parses), once or repeating
 * every day or week until a date, at a time or in a window of her day, at her home or a pickup place.
 */
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import {
  CARE_CATEGORIES,
  CARE_CATEGORY_LABELS,
  CARE_HELPERS_MAX,
  CARE_REPEAT_DAYS_MAX,
  CARE_REPEAT_LABELS,
} from '#shared/care-plan.ts';
import { CareRequestSchema } from '#shared/schemas/care-plan.ts';
import { addCareRequest } from '#client/api/care-plans.ts';
import { bindFields } from '#client/lib/bind-field.ts';
import { emptyAsMissing } from '#client/lib/form-values.ts';
import { useFieldErrors } from '#client/hooks/use-field-errors.ts';
import { SubmitButton } from '#client/components/ui/button.tsx';
import { FormAlert, RadioGroupField, SelectField, TextAreaField, TextField } from '#client/components/ui/field.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { addDays } from './care-words.ts';

type RequestIn = z.input<typeof CareRequestSchema>;
type RequestOut = z.output<typeof CareRequestSchema>;

/** Every field of the request is a control of this form, so each refusal lands on its own. */
const FIELDS = CareRequestSchema.keyof().options;

const PLACE_OPTIONS = [
  { value: 'home', label: 'At my home', description: 'Your address is shown to whoever claims it.' },
  { value: 'pickup', label: 'Somewhere else', description: 'A pickup place you name, such as a pharmacy.' },
];

/** An empty optional box is "none" (null), as the schema has it. */
const emptyAsNull = (value: unknown) => (value === '' ? null : value);

const blank = (today: string): RequestIn => ({
  category: 'meal',
  title: '',
  notes: '',
  startsOn: today,
  startTime: '18:00',
  endTime: null,
  repeat: 'once',
  repeatUntil: null,
  helpersNeeded: 1,
  place: 'home',
  pickupPlace: '',
});

export function CareRequestForm({ today }: { today: string }) {
  // Tomorrow by default: today's evening may already have begun.
  const firstDay = addDays(today, 1);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RequestIn, unknown, RequestOut>({
    resolver: zodResolver(CareRequestSchema),
    defaultValues: blank(firstDay),
  });
  const { field, group } = bindFields(form);
  const showError = useFieldErrors(form.setError, FIELDS);
  const [repeat, place, startsOn] = useWatch({ control: form.control, name: ['repeat', 'place', 'startsOn'] });
  const add = useMutation({
    mutationFn: addCareRequest,
    onSuccess: (_plan, input) => {
      setFormError(null);
      form.reset(blank(firstDay));
      toast({ title: 'Request added', description: `${input.title} is in your plan.` });
    },
    onError: (err) => setFormError(showError(err, 'Not added; please try again.')),
  });

  return (
    <form noValidate className="space-y-5" onSubmit={form.handleSubmit((input) => add.mutate(input))}>
      {formError && <FormAlert>{formError}</FormAlert>}
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField label="Kind of help" {...field('category')}>
          {CARE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {CARE_CATEGORY_LABELS[c]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="What you need"
          hint="For example: Dinner for two, Ride home from the hospital."
          maxLength={120}
          {...field('title')}
        />
        <TextField label="Date" type="date" min={today} max={addDays(today, 366)} {...field('startsOn')} />
        <SelectField label="Repeats" {...field('repeat')}>
          {Object.entries(CARE_REPEAT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        {repeat !== 'once' && (
          <TextField
            label="Repeats until"
            hint={`Within ${CARE_REPEAT_DAYS_MAX} days of the first date.`}
            type="date"
            min={startsOn ? addDays(startsOn, 1) : today}
            {...field('repeatUntil', { setValueAs: emptyAsNull, shouldUnregister: true })}
          />
        )}
        <TextField label="From" type="time" {...field('startTime')} />
        <TextField
          label="Until (optional)"
          hint="For a window, such as between 10:00 and 12:00."
          type="time"
          {...field('endTime', { setValueAs: emptyAsNull })}
        />
        <TextField
          label="Helpers needed"
          type="number"
          inputMode="numeric"
          min={1}
          max={CARE_HELPERS_MAX}
          {...field('helpersNeeded', { setValueAs: emptyAsMissing })}
        />
      </div>
      <RadioGroupField legend="Where" options={PLACE_OPTIONS} columns={2} {...group('place')} />
      {place === 'pickup' && (
        <TextField
          label="Pickup place"
          hint="Shown to the people who see your plan, never on your link."
          maxLength={300}
          {...field('pickupPlace', { shouldUnregister: true })}
        />
      )}
      <TextAreaField
        label="Notes (optional)"
        hint="Anything a helper should know: parking, the dog, what to bring."
        rows={3}
        {...field('notes')}
      />
      <SubmitButton pending={add.isPending} pendingLabel="Adding…">
        Add to my plan
      </SubmitButton>
    </form>
  );
}
