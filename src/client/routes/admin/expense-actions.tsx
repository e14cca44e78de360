/**
 * The decisions a manager takes on one expense: approve (with the public description), release (how and when
 * it was paid), hold, resume or reject with a reason. Approving and releasing move money, so they need the
 * re-entered password (step-up): when its window is closed the admin is asked for it here, and the action is
 * taken once she has given it. The server's refusals (the submitter cannot approve...) are kept at the item.
 */
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import {
  HoldExpenseFormSchema,
  RejectExpenseFormSchema,
  ReleaseExpenseFormSchema,
  SPENDING_REASON_MAX,
  type Expense,
} from '#shared/schemas/spending.ts';
import { errorMessage } from '#client/lib/api.ts';
import { formatCents } from '#client/lib/format.ts';
import { actOnExpense, type ExpenseAction } from '#client/api/admin-expenses.ts';
import { isStepUpRequired } from '#client/api/admin-step-up.ts';
import { Button, SubmitRow } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/field.tsx';
import { ReasonToggle } from '#client/components/ui/reason-toggle.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { today } from '../spending/spending-model.ts';
import { ApproveForm } from './public-description.tsx';
import { StepUpPrompt } from './step-up-prompt.tsx';

const DONE: Record<ExpenseAction['action'], string> = {
  approve: 'Approval recorded',
  reject: 'Expense rejected',
  hold: 'Expense put on hold',
  resume: 'Expense taken off hold',
  release: 'Release recorded',
};

export const expenseName = (e: Expense) => `${e.payee} ${formatCents(e.usdCents)}`;

/** One decision on an expense: a toast, the lists asked for again, and the server's refusal kept at the item. */
function useExpenseAction(expense: Expense, onProblem: (message: string | null) => void) {
  return useMutation({
    mutationFn: (action: ExpenseAction) => actOnExpense(expense, action),
    onSuccess: async (after, { action }) => {
      onProblem(null);
      const waiting = action === 'approve' && after.status === 'submitted';
      toast({
        title: DONE[action],
        description: waiting
          ? `${after.approvals.length} of ${after.requiredApprovals} approvals: a different admin must approve it too.`
          : undefined,
      });
    },
    onError: (err, { action }) => {
      // A closed password window is no refusal: the admin is asked for her password instead.
      if (isStepUpRequired(err)) return onProblem(null);
      const message = errorMessage(err, 'Please try again.');
      onProblem(message);
      toast({ title: `Could not ${action} the expense`, description: message, variant: 'destructive' });
    },
  });
}

type ReleaseIn = z.input<typeof ReleaseExpenseFormSchema>;
type ReleaseOut = z.output<typeof ReleaseExpenseFormSchema>;

/** Where Approve or Release would be, for the person who may not: why someone else must. */
function SecondPersonNote({ refusal }: { refusal: string | null }) {
  return (
    <p className="self-center text-sm text-slate-700" data-testid="expense-second-person">
      {refusal}
    </p>
  );
}

/** Release: a small form (how, reference, date paid) opened under the button. */
function ReleaseControl({
  expense,
  pending,
  onRelease,
}: {
  expense: Expense;
  pending: boolean;
  onRelease: (input: ReleaseOut, done: () => void) => void;
}) {
  const [open, setOpen] = useState(false);
  const formId = useId();
  const form = useForm<ReleaseIn, unknown, ReleaseOut>({
    resolver: zodResolver(ReleaseExpenseFormSchema),
    defaultValues: { method: '', reference: '', paidOn: today() },
  });
  const close = () => {
    setOpen(false);
    form.reset({ method: '', reference: '', paidOn: today() });
  };
  const errors = form.formState.errors;
  return (
    <div>
      <Button
        aria-label={`Release ${expenseName(expense)}`}
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        Release…
      </Button>
      {open && (
        <form
          id={formId}
          noValidate
          className="mt-2 w-72 space-y-3"
          onSubmit={form.handleSubmit((input) => onRelease(input, close))}
        >
          <TextField
            label="How it was paid"
            hint="e.g. bank transfer to the hospital"
            autoFocus
            maxLength={100}
            error={errors.method?.message}
            {...form.register('method')}
          />
          <TextField
            label="Payment reference (optional)"
            autoComplete="off"
            maxLength={200}
            error={errors.reference?.message}
            {...form.register('reference')}
          />
          <TextField
            label="Date paid"
            type="date"
            max={today()}
            error={errors.paidOn?.message}
            {...form.register('paidOn')}
          />
          <SubmitRow pending={pending} pendingLabel="Saving…" onCancel={close}>
            Confirm release
          </SubmitRow>
        </form>
      )}
    </div>
  );
}

/** An action waiting for the password: taken again once the window is open (`done` closes its form). */
interface Waiting {
  action: Extract<ExpenseAction, { action: 'approve' | 'release' }>;
  done?: () => void;
}

export function ExpenseActions({
  expense,
  onProblem,
}: {
  expense: Expense;
  onProblem: (message: string | null) => void;
}) {
  const act = useExpenseAction(expense, onProblem);
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const pending = act.isPending;
  const run = (action: ExpenseAction, done?: () => void) =>
    act.mutate(action, {
      onSuccess: () => done?.(),
      onError: (err) => {
        if (isStepUpRequired(err) && (action.action === 'approve' || action.action === 'release'))
          setWaiting({ action, done });
      },
    });
  const reasonControl = (action: 'reject' | 'hold', label: string) => (
    <ReasonToggle
      label={label}
      accessibleName={`${label} ${expenseName(expense)}`}
      formId={`${action}-${expense.id}`}
      reasonLabel={action === 'reject' ? 'Why it is not approved' : 'Why it is on hold'}
      hint="The patient reads this."
      max={SPENDING_REASON_MAX}
      schema={action === 'reject' ? RejectExpenseFormSchema : HoldExpenseFormSchema}
      submitLabel={action === 'reject' ? 'Confirm rejection' : 'Confirm hold'}
      pendingLabel="Saving…"
      pending={pending}
      onSubmit={(input, done) => run({ action, body: input }, done)}
    />
  );
  const { status } = expense;
  // Whether she is the second person an approval or a release takes: the server says, and checks again.
  const { approve, release } = expense.abilities;
  if (status === 'released' || status === 'rejected') return null;
  return (
    <>
      <div className="mt-4 flex flex-wrap items-start gap-2" data-testid="expense-actions">
        {status === 'submitted' &&
          (approve.allowed ? (
            <ApproveForm expense={expense} pending={pending} onApprove={(body) => run({ action: 'approve', body })} />
          ) : (
            <SecondPersonNote refusal={approve.refusal} />
          ))}
        {status === 'approved' &&
          (release.allowed ? (
            <ReleaseControl
              expense={expense}
              pending={pending}
              onRelease={(input, done) => run({ action: 'release', body: input }, done)}
            />
          ) : (
            <SecondPersonNote refusal={release.refusal} />
          ))}
        {status === 'on_hold' && (
          <Button
            aria-label={`Resume ${expenseName(expense)}`}
            onClick={() => run({ action: 'resume' })}
            disabled={pending}
          >
            Resume
          </Button>
        )}
        {(status === 'submitted' || status === 'approved') && reasonControl('hold', 'Hold')}
        {reasonControl('reject', 'Reject')}
      </div>
      {waiting && (
        <StepUpPrompt
          what={`${waiting.action.action} this expense`}
          opens="Approvals and releases"
          onCancel={() => setWaiting(null)}
          onUnlocked={() => {
            setWaiting(null);
            run(waiting.action, waiting.done);
          }}
        />
      )}
    </>
  );
}
