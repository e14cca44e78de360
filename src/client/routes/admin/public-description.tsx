/**
 * What the public ledger says about an expense: the approver may write it when approving, and a manager may
 * edit it later. The description the patient submitted is written for the approvers and never published.
 */
import { useEffect, useId, useState, type ComponentProps } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import {
  ApproveExpenseFormSchema,
  PUBLIC_DESCRIPTION_MAX,
  PublicDescriptionSchema,
  type Expense,
} from '#shared/schemas/spending.ts';
import { errorMessage } from '#client/lib/api.ts';
import { bindFields } from '#client/lib/bind-field.ts';
import { formatCents } from '#client/lib/format.ts';
import { setPublicDescription } from '#client/api/admin-expenses.ts';
import { Button, SubmitRow } from '#client/components/ui/button.tsx';
import { TextAreaField } from '#client/components/ui/field.tsx';
import { toast } from '#client/components/ui/toast.ts';

/** The public description box, the same in the approve form and the edit form; `length` is its text's, counted. */
function DescriptionField({
  length,
  ...props
}: Omit<ComponentProps<typeof TextAreaField>, 'label' | 'hint' | 'rows' | 'counter'> & { length: number }) {
  return (
    <TextAreaField
      label="Description for the public ledger (optional)"
      hint="Shown on the Transparency page. Leave it empty to publish no description. The description the patient submitted stays private."
      rows={2}
      counter={{ length, max: PUBLIC_DESCRIPTION_MAX }}
      {...props}
    />
  );
}

const what = (e: Expense) => `${e.payee} ${formatCents(e.usdCents)}`;

type ApproveIn = z.input<typeof ApproveExpenseFormSchema>;
type ApproveOut = z.output<typeof ApproveExpenseFormSchema>;

/** Approve, with the optional public description above the button. */
export function ApproveForm({
  expense,
  pending,
  onApprove,
}: {
  expense: Expense;
  pending: boolean;
  onApprove: (input: ApproveOut) => void;
}) {
  const form = useForm<ApproveIn, unknown, ApproveOut>({
    resolver: zodResolver(ApproveExpenseFormSchema),
    defaultValues: { publicDescription: expense.publicDescription ?? '' },
  });
  const text = useWatch({ control: form.control, name: 'publicDescription' }) ?? '';
  return (
    <form noValidate className="w-full space-y-2 sm:w-96" onSubmit={form.handleSubmit(onApprove)}>
      <DescriptionField length={text.length} {...bindFields(form).field('publicDescription')} />
      <Button type="submit" aria-label={`Approve ${what(expense)}`} disabled={pending}>
        Approve
      </Button>
    </form>
  );
}

type EditIn = z.input<typeof PublicDescriptionSchema>;
type EditOut = z.output<typeof PublicDescriptionSchema>;

/** A manager edits (or clears) the public description of an approved, held or released expense. */
export function EditPublicDescription({ expense }: { expense: Expense }) {
  const [open, setOpen] = useState(false);
  const formId = useId();
  const initial = { publicDescription: expense.publicDescription ?? '' };
  const form = useForm<EditIn, unknown, EditOut>({
    resolver: zodResolver(PublicDescriptionSchema),
    defaultValues: initial,
  });
  const text = useWatch({ control: form.control, name: 'publicDescription' }) ?? '';
  useEffect(() => {
    if (open) form.setFocus('publicDescription');
  }, [open, form]);
  const save = useMutation({
    mutationFn: (body: EditOut) => setPublicDescription(expense.id, body),
    onSuccess: async () => {
      setOpen(false);
      toast({ title: 'Public description saved' });
    },
    onError: (err) =>
      toast({
        title: 'Could not save the public description',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
  });
  const toggle = () => {
    form.reset(initial);
    setOpen(!open);
  };
  return (
    <div className="mt-3">
      <Button
        variant="ghost"
        aria-label={`Edit public description of ${what(expense)}`}
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        onClick={toggle}
      >
        Edit public description
      </Button>
      {open && (
        <form
          id={formId}
          noValidate
          className="mt-2 w-full space-y-2 sm:w-96"
          onSubmit={form.handleSubmit((body) => save.mutate(body))}
        >
          <DescriptionField length={text.length} {...bindFields(form).field('publicDescription')} />
          <SubmitRow pending={save.isPending} pendingLabel="Saving…" onCancel={toggle}>
            Save public description
          </SubmitRow>
        </form>
      )}
    </div>
  );
}
