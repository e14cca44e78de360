/**
 * Her care plan's settings (CarePlanSettingsSchema, the contract the server parses): her time zone, who sees the
 * plan, her home and phone (shown only to a helper with a claim that is not done), what whoever cooks must know, and
 * until when before a date a helper may give it back. The first save starts the plan; later ones name the version.
 */
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CARE_PLAN_AUDIENCE_WORDS, CARE_PLAN_AUDIENCES, CARE_UNCLAIM_CUTOFF_HOURS } from '#shared/care-plan.ts';
import { CarePlanSettingsSchema, type MyCarePlan } from '#shared/schemas/care-plan.ts';
import { saveCarePlan } from '#client/api/care-plans.ts';
import { bindFields } from '#client/lib/bind-field.ts';
import { emptyAsMissing } from '#client/lib/form-values.ts';
import { useFieldErrors } from '#client/hooks/use-field-errors.ts';
import { SubmitButton } from '#client/components/ui/button.tsx';
import { FormAlert, RadioGroupField, SelectField, TextAreaField, TextField } from '#client/components/ui/field.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { zoneName } from './care-words.ts';

type SettingsIn = z.input<typeof CarePlanSettingsSchema>;
type SettingsOut = z.output<typeof CarePlanSettingsSchema>;
type Plan = NonNullable<MyCarePlan['plan']>;

const FIELDS = [
  'timeZone',
  'audience',
  'address',
  'phone',
  'dietaryNeeds',
  'allergies',
  'unclaimCutoffHours',
] as const satisfies readonly (keyof SettingsIn)[];

const AUDIENCE_OPTIONS = CARE_PLAN_AUDIENCES.map((value) => ({
  value,
  label: CARE_PLAN_AUDIENCE_WORDS[value].label,
  description: CARE_PLAN_AUDIENCE_WORDS[value].hint,
}));

/** The zones the browser knows, with hers first when it is not among them (an old browser's short list). */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

/** Her settings as the form starts: the plan's, or for a new plan this device's zone and the defaults. */
export function settingsOf(plan: Plan | null): SettingsIn {
  if (plan)
    return {
      timeZone: plan.timeZone,
      audience: plan.audience,
      address: plan.address,
      phone: plan.phone,
      dietaryNeeds: plan.dietaryNeeds,
      allergies: plan.allergies,
      noMealsUntil: plan.noMealsUntil,
      unclaimCutoffHours: plan.unclaimCutoffHours,
      expectedVersion: plan.version,
    };
  return {
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    audience: 'circle',
    address: '',
    phone: '',
    dietaryNeeds: '',
    allergies: '',
    noMealsUntil: null,
    unclaimCutoffHours: CARE_UNCLAIM_CUTOFF_HOURS,
  };
}

/**
 * The settings form. A newer plan (saved here, by the meals switch, or in another window) comes in under what she
 * is typing: her unsaved edits stay, the rest and the version she read follow the plan.
 */
export function CareSettingsForm({ plan }: { plan: Plan | null }) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SettingsIn, unknown, SettingsOut>({
    resolver: zodResolver(CarePlanSettingsSchema),
    defaultValues: settingsOf(plan),
  });
  const version = plan?.version;
  useEffect(() => {
    if (plan) form.reset(settingsOf(plan), { keepDirtyValues: true, keepErrors: true });
    // Only a new version is news: the plan object is new on every read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version]);
  const { field, group } = bindFields(form);
  const showError = useFieldErrors(form.setError, FIELDS);
  const starting = plan === null;
  const save = useMutation({
    mutationFn: saveCarePlan,
    onSuccess: () => {
      setFormError(null);
      toast({
        title: starting ? 'Care plan started' : 'Settings saved',
        description: starting ? 'Now ask for the help you need.' : 'Your care plan is up to date.',
      });
    },
    onError: (err) => setFormError(showError(err, 'Not saved; please try again.')),
  });
  const zones = timeZones(settingsOf(plan).timeZone);

  return (
    <form noValidate className="space-y-5" onSubmit={form.handleSubmit((input) => save.mutate(input))}>
      {formError && <FormAlert>{formError}</FormAlert>}
      <SelectField
        label="Your time zone"
        hint="Every date and time in your plan is on your clock, wherever your helpers are."
        {...field('timeZone')}
      >
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zoneName(zone)}
          </option>
        ))}
      </SelectField>
      <RadioGroupField legend="Who can see your plan" options={AUDIENCE_OPTIONS} {...group('audience')} />
      <TextAreaField
        label="Your address"
        hint="Shown only to a helper who claimed a date, and only until you mark it done. Never on your link."
        rows={2}
        autoComplete="street-address"
        {...field('address')}
      />
      <TextField
        label="Your phone number"
        hint="Shown with your address, to the same helpers."
        type="tel"
        autoComplete="tel"
        {...field('phone')}
      />
      <TextAreaField label="Dietary needs" hint="Shown to whoever brings a meal." rows={2} {...field('dietaryNeeds')} />
      <TextAreaField label="Allergies" hint="Shown to whoever brings a meal." rows={2} {...field('allergies')} />
      <TextField
        label="Hours before a date a helper may still give it back"
        hint="After that, a helper who cannot come tells you herself."
        type="number"
        inputMode="numeric"
        min={0}
        {...field('unclaimCutoffHours', { setValueAs: emptyAsMissing })}
      />
      <SubmitButton pending={save.isPending} pendingLabel="Saving…">
        {starting ? 'Start my care plan' : 'Save settings'}
      </SubmitButton>
    </form>
  );
}
