/**
 * The fundraiser application form (FundraiserDraftSchema): saved as a draft as often as she likes, then submitted
 * for review. The four cost groups are always shown (0 for one she does not need); the goal is their sum.
 */
import { useEffect, useId, useState } from 'react';
import {
  get,
  set,
  useFieldArray,
  useForm,
  useWatch,
  type DefaultValues,
  type FieldErrors,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { COST_GROUP_KEYS } from '#shared/constants.ts';
import { dollarsToCents } from '#shared/money.ts';
import { STORY_BODY_MAX, STORY_BODY_MIN } from '#shared/schemas/stories.ts';
import { FUNDRAISER_DOCUMENT_MAX_BYTES } from '#shared/constants.ts';
import {
  COST_GROUP_LABELS,
  COST_GROUP_NOTE_MAX,
  CostGroupInputSchema,
  FUNDRAISER_DOCUMENTS_MAX,
  FUNDRAISER_IMAGES_MAX,
  FUNDRAISER_TITLE_MAX,
  FundraiserDraftSchema,
  PAYEE_NAME_MAX,
  PAYEE_ROUTE_MAX,
  submitProblems,
  validGroupAmount,
  type Fundraiser,
} from '#shared/schemas/fundraisers.ts';
import { errorMessage } from '#client/lib/api.ts';
import { formatCents } from '#client/lib/format.ts';
import {
  MY_FUNDRAISER_KEY,
  saveMyFundraiser,
  submitMyFundraiser,
  uploadFundraiserDocument,
  uploadFundraiserImage,
} from '#client/api/my-fundraiser.ts';
import { useFieldErrors } from '#client/hooks/use-field-errors.ts';
import { Button } from '#client/components/ui/button.tsx';
import { AmountField, FormAlert, RadioGroupField, TextAreaField, TextField } from '#client/components/ui/field.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { attachedEntry, DocumentsField, type DocumentEntry } from '#client/components/documents-field.tsx';
import { ImagesField, useImagesField } from '#client/components/images-field.tsx';
import { useFormDraft } from '#client/hooks/use-form-draft.ts';
import { DraftNotice } from '#client/components/draft-notice.tsx';

/** The application form's values; the live fundraiser's forms (my-fundraiser-live.tsx) use parts of them. */
export type DraftIn = z.input<typeof FundraiserDraftSchema>;
type DraftOut = z.output<typeof FundraiserDraftSchema>;
/** A form over the application's fields, whatever schema checks it. */
type ApplicationForm<Out> = UseFormReturn<DraftIn, unknown, Out>;
type Intent = 'save' | 'submit';

/** Every field of the application a server error may name, so each lands beside its own input. */
export const APPLICATION_FIELDS: readonly Path<DraftIn>[] = [
  'title',
  'story',
  'images',
  'costGroups',
  ...COST_GROUP_KEYS.flatMap((_, i) => [`costGroups.${i}.amount`, `costGroups.${i}.note`] as const),
  'payee',
  'payee.name',
  'payee.kind',
  'payee.route',
  'neededBy',
  'documentIds',
];
const UPLOAD_FIELDS = ['images', 'documentIds'];

const PAYEE_OPTIONS = [
  { value: 'care_provider', label: 'The care provider', description: 'The clinic, hospital or surgeon is paid.' },
  { value: 'patient', label: 'Me', description: 'I am paid back for what I paid the care provider.' },
];

/** The payee's fields all blank: no payee yet (the draft leaves it out); partly filled, the schema names what is missing. */
function withoutBlankPayee(values: DraftIn): DraftIn {
  const blank = Object.values(values.payee ?? {}).every(
    (field) => field === '' || field === null || field === undefined,
  );
  return blank ? { ...values, payee: undefined } : values;
}
const draftResolver: Resolver<DraftIn, unknown, DraftOut> = (values, context, options) =>
  zodResolver(FundraiserDraftSchema)(withoutBlankPayee(values), context, options);

/** The goal the form's cost groups add up to, counting only amounts the schema takes; and whether some are not. */
export function plannedGoal(groups: readonly { amount?: unknown }[] | undefined) {
  const amounts = (groups ?? []).map((g) => validGroupAmount(g.amount));
  const cents = amounts.reduce<number>((sum, amount) => sum + (amount === null ? 0 : (dollarsToCents(amount) ?? 0)), 0);
  return { cents, someInvalid: amounts.includes(null) };
}

/**
 * The form's values checked as the draft schema checks them, and, when she submits, for everything submitting
 * needs (submitProblems): every missing field is named at once, beside it, before anything is sent.
 */
function applicationResolver(submitting: { current: boolean }): Resolver<DraftIn, unknown, DraftOut> {
  return async (values, context, options) => {
    const result = await draftResolver(values, context, options);
    if (!submitting.current) return result;
    const errors: FieldErrors<DraftIn> = { ...result.errors };
    const problems = submitProblems({
      title: values.title,
      story: values.story,
      goalCents: plannedGoal(values.costGroups).cents,
      payee: values.payee,
      documentCount: values.documentIds?.length ?? 0,
    });
    for (const [path, message] of Object.entries(problems)) {
      // The schema's own word on a field (e.g. a route too short) comes first.
      if (!get(errors, path)) set(errors, path, { type: 'submit', message });
    }
    return Object.keys(errors).length === 0 ? result : { values: {}, errors };
  };
}

/** An empty amount is a group she does not need: 0. */
export const amountValue = (value: unknown) =>
  value === '' || value === null || value === undefined ? 0 : Number(value);

/** The form's values from her saved application, or blank; every cost group shown. */
export function defaults(fundraiser: Fundraiser | null): DefaultValues<DraftIn> {
  const saved = new Map(fundraiser?.costGroups.map((g) => [g.key, g]));
  return {
    title: fundraiser?.title ?? '',
    story: fundraiser?.story ?? '',
    images: fundraiser?.images.map(({ uploadId, alt }) => ({ uploadId, alt })) ?? [],
    costGroups: COST_GROUP_KEYS.map((key) => ({
      key,
      amount: (saved.get(key)?.amountCents ?? 0) / 100,
      note: saved.get(key)?.note ?? '',
    })),
    payee: fundraiser?.payee ?? { name: '', route: '' },
    neededBy: fundraiser?.neededBy ?? '',
    documentIds: fundraiser?.documents.map((d) => d.id) ?? [],
  };
}

export function FundraiserForm({ fundraiser }: { fundraiser: Fundraiser | null }) {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const [documents, setDocuments] = useState<DocumentEntry[]>(() => documentEntries(fundraiser));
  // Which button was pressed, for the resolver: set in the click handler, read while validating (never in render).
  const [submitting] = useState(() => ({ current: false }));
  const [resolver] = useState(() => applicationResolver(submitting));
  const form = useForm<DraftIn, unknown, DraftOut>({ resolver, defaultValues: defaults(fundraiser) });
  // The form holds the ids of the documents uploaded so far, which submitting needs one of.
  useEffect(() => {
    form.setValue(
      'documentIds',
      documents.flatMap((d) => (d.state === 'done' && d.doc ? [d.doc.id] : [])),
    );
  }, [documents, form]);
  const showFieldErrors = useFieldErrors(form.setError, APPLICATION_FIELDS);
  const images = useImagesField(form, useFieldArray({ control: form.control, name: 'images' }));
  // Uploads are left out of the kept draft: an upload nothing uses is deleted within a day.
  const draft = useFormDraft(form, `fundraiser:${fundraiser?.id ?? 'new'}`, UPLOAD_FIELDS);

  const save = useMutation({
    mutationFn: async ({ input, intent }: { input: DraftOut; intent: Intent }) => {
      const documentIds = documents.flatMap((d) => (d.state === 'done' && d.doc ? [d.doc.id] : []));
      const saved = await saveMyFundraiser({ ...input, documentIds });
      return intent === 'submit' ? submitMyFundraiser() : saved;
    },
    onSuccess: (answer, { intent }) => {
      setFormError(null);
      draft.clear();
      queryClient.setQueryData(MY_FUNDRAISER_KEY, answer);
      toast(
        intent === 'submit'
          ? { title: 'Submitted for review', description: 'A manager will review it and we will email you.' }
          : { title: 'Draft saved', description: 'Only you can see it until you submit it for review.' },
      );
      if (intent === 'save') form.reset(form.getValues());
    },
    onError: (err) => {
      const rest = showFieldErrors(err, 'Please try again.');
      if (rest !== null) setFormError(rest);
      toast({
        title: save.variables?.intent === 'submit' ? 'Fundraiser not submitted' : 'Fundraiser not saved',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    },
  });
  const uploading = documents.some((d) => d.state === 'uploading');
  const submitWith = (intent: Intent) => (event?: React.BaseSyntheticEvent) => {
    // Saving a draft needs only what is there to be valid; submitting names everything still missing.
    submitting.current = intent === 'submit';
    return form.handleSubmit((input) => save.mutate({ input, intent }))(event);
  };
  const errors = form.formState.errors;
  const busy = save.isPending || uploading;

  return (
    <form noValidate className="space-y-8" onSubmit={submitWith('save')}>
      <DraftNotice draft={draft} />
      {formError && <FormAlert>{formError}</FormAlert>}
      <StoryFields form={form} images={images} />
      <CostGroupFields form={form} />
      <PayeeFields form={form} />
      <TextField
        type="date"
        label="When is the treatment planned? (optional)"
        hint="Fundraisers with a date soon are listed first under “Most urgent”."
        error={errors.neededBy?.message}
        {...form.register('neededBy')}
      />
      <PlanDocumentsField
        id="fundraiser-documents"
        documents={documents}
        setDocuments={setDocuments}
        onChange={() => form.clearErrors('documentIds')}
        error={errors.documentIds?.message}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="secondary" disabled={busy}>
          {save.isPending && save.variables?.intent === 'save' ? 'Saving…' : 'Save draft'}
        </Button>
        <Button type="button" onClick={submitWith('submit')} disabled={busy}>
          {save.isPending && save.variables?.intent === 'submit' ? 'Submitting…' : 'Submit for review'}
        </Button>
      </div>
    </form>
  );
}

/** Title, story and images: the text donors read. */
export function StoryFields<Out>({
  form,
  images,
}: {
  form: ApplicationForm<Out>;
  images: ReturnType<typeof useImagesField<DraftIn, Out>>;
}) {
  const story = useWatch({ control: form.control, name: 'story' });
  return (
    <>
      <TextField
        label="Title"
        hint="What donors see first, e.g. “Help Ana get endometriosis surgery”."
        maxLength={FUNDRAISER_TITLE_MAX}
        error={form.formState.errors.title?.message}
        {...form.register('title')}
      />
      <TextAreaField
        label="Your story"
        hint={`At least ${STORY_BODY_MIN} characters: what you face, the treatment you need and what the money pays for.`}
        rows={12}
        counter={{ length: typeof story === 'string' ? story.length : 0, max: STORY_BODY_MAX }}
        error={form.formState.errors.story?.message}
        {...form.register('story')}
      />
      <ImagesField
        field={images}
        max={FUNDRAISER_IMAGES_MAX}
        upload={uploadFundraiserImage}
        hint="They are public with your fundraiser once it is approved."
        describe={(index) => `Image ${index + 1} of your fundraiser`}
      />
    </>
  );
}

/** What is wrong with an amount as typed, found as she types (the schema's words), or undefined. */
function amountProblem(amount: unknown): string | undefined {
  if (validGroupAmount(amount) !== null) return undefined;
  const parsed = CostGroupInputSchema.shape.amount.safeParse(amount);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** The four cost groups (0 for one she does not need) and the goal as the sum of the amounts that are valid. */
export function CostGroupFields<Out>({ form }: { form: ApplicationForm<Out> }) {
  const amounts = useWatch({ control: form.control, name: 'costGroups' }) ?? [];
  const goal = plannedGoal(amounts);
  const goalErrorId = useId();
  const goalError = form.formState.errors.costGroups?.message ?? form.formState.errors.costGroups?.root?.message;
  return (
    <fieldset className="space-y-4" aria-describedby={goalError ? goalErrorId : undefined}>
      <legend className="text-sm font-medium text-slate-700">What the money pays for</legend>
      <p className="text-sm text-slate-600">
        Plan each group in US dollars; leave 0 for one you do not need. Your goal is their sum, and every dollar spent
        is shown against these groups on your fundraiser&apos;s public ledger.
      </p>
      {COST_GROUP_KEYS.map((key, index) => (
        <div key={key} className="grid gap-3 rounded-xl border border-slate-200 p-3 sm:grid-cols-[12rem_1fr]">
          <AmountField
            label={COST_GROUP_LABELS[key]}
            error={form.formState.errors.costGroups?.[index]?.amount?.message ?? amountProblem(amounts[index]?.amount)}
            {...form.register(`costGroups.${index}.amount`, { setValueAs: amountValue })}
          />
          <TextField
            label="Note (optional)"
            maxLength={COST_GROUP_NOTE_MAX}
            error={form.formState.errors.costGroups?.[index]?.note?.message}
            {...form.register(`costGroups.${index}.note`)}
          />
        </div>
      ))}
      <div aria-live="polite">
        <p className="font-semibold text-ink">Goal: {formatCents(goal.cents)}</p>
        {goal.someInvalid && (
          <p className="text-sm text-slate-700">The amounts marked above are not counted until they are fixed.</p>
        )}
      </div>
      {goalError && (
        <p id={goalErrorId} className="text-sm text-red-800">
          {goalError}
        </p>
      )}
    </fieldset>
  );
}

/** Who receives the money and how it reaches the care provider. */
export function PayeeFields<Out>({ form }: { form: ApplicationForm<Out> }) {
  const route = useWatch({ control: form.control, name: 'payee.route' });
  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-medium text-slate-700">Who receives the money</legend>
      {form.formState.errors.payee?.message && (
        <p className="text-sm text-red-800">{form.formState.errors.payee.message}</p>
      )}
      <TextField
        label="Name of the care provider or payee"
        hint="Shown to donors on your fundraiser's page."
        maxLength={PAYEE_NAME_MAX}
        error={form.formState.errors.payee?.name?.message}
        {...form.register('payee.name')}
      />
      <RadioGroupField
        legend="Who is paid"
        options={PAYEE_OPTIONS}
        error={form.formState.errors.payee?.kind?.message}
        registration={form.register('payee.kind')}
      />
      <TextAreaField
        label="How the money reaches the care provider"
        hint="E.g. “The clinic invoices the organisation, which pays it by bank transfer.” Only the site’s managers read this."
        rows={3}
        counter={{ length: typeof route === 'string' ? route.length : 0, max: PAYEE_ROUTE_MAX }}
        error={form.formState.errors.payee?.route?.message}
        {...form.register('payee.route')}
      />
    </fieldset>
  );
}

/** The private treatment plan or quote, uploaded as she picks them. */
export function PlanDocumentsField({
  id,
  documents,
  setDocuments,
  onChange,
  error,
}: {
  id: string;
  documents: DocumentEntry[];
  setDocuments: (update: DocumentEntry[] | ((entries: DocumentEntry[]) => DocumentEntry[])) => void;
  onChange: () => void;
  error?: string;
}) {
  return (
    <DocumentsField
      id={id}
      legend="Treatment plan or quote"
      hint="Only you, the site's managers and a doctor you ask to review it can open them; they are never public."
      max={FUNDRAISER_DOCUMENTS_MAX}
      maxBytes={FUNDRAISER_DOCUMENT_MAX_BYTES}
      upload={uploadFundraiserDocument}
      entries={documents}
      onChange={(update) => {
        onChange();
        setDocuments(update);
      }}
      error={error}
    />
  );
}

/** Her saved documents as the documents field lists them. */
export const documentEntries = (fundraiser: Fundraiser | null): DocumentEntry[] =>
  fundraiser?.documents.map((doc, i) => attachedEntry(doc, `Document ${i + 1}`)) ?? [];
