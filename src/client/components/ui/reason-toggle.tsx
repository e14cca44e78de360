/**
 * A destructive action that needs a reason: the button opens a small form under it (focus moves into the
 * reason), Cancel closes it and returns focus to the button.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Button, SubmitRow } from './button.tsx';
import { TextAreaField } from './field.tsx';

type ReasonSchema = z.ZodType<{ reason: string }, { reason: string }>;

export interface ReasonToggleProps {
  /** The button's text, and its accessible name (which should name the person or thing). */
  label: string;
  accessibleName: string;
  formId: string;
  reasonLabel: string;
  hint?: string;
  rows?: number;
  /** The schema's limit, counted under the box as she types (nothing past it is cut). */
  max: number;
  schema: ReasonSchema;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Sends the reason; call `done` once it is saved to close the form. */
  onSubmit: (input: { reason: string }, done: () => void) => void;
  /** The caller's ref to the button, to focus it after a change elsewhere. */
  buttonRef?: RefObject<HTMLButtonElement | null>;
}

export function ReasonToggle({
  label,
  accessibleName,
  formId,
  reasonLabel,
  hint,
  rows = 2,
  max,
  schema,
  submitLabel,
  pendingLabel,
  pending,
  onSubmit,
  buttonRef,
}: ReasonToggleProps) {
  const [asking, setAsking] = useState(false);
  const ownRef = useRef<HTMLButtonElement>(null);
  const toggleRef = buttonRef ?? ownRef;
  const form = useForm<{ reason: string }>({ resolver: zodResolver(schema), defaultValues: { reason: '' } });
  const reason = useWatch({ control: form.control, name: 'reason' }) ?? '';
  useEffect(() => {
    if (asking) form.setFocus('reason');
  }, [asking, form]);

  const close = () => {
    setAsking(false);
    form.reset();
  };
  const cancel = () => {
    close();
    toggleRef.current?.focus();
  };

  return (
    <div>
      <Button
        ref={toggleRef}
        variant="destructive"
        aria-label={accessibleName}
        aria-expanded={asking}
        aria-controls={asking ? formId : undefined}
        onClick={() => (asking ? cancel() : setAsking(true))}
      >
        {label}
      </Button>
      {asking && (
        <form
          id={formId}
          noValidate
          className="mt-2 w-64 space-y-2"
          onSubmit={form.handleSubmit((input) => onSubmit(input, close))}
        >
          <TextAreaField
            label={reasonLabel}
            hint={hint}
            rows={rows}
            counter={{ length: reason.length, max }}
            error={form.formState.errors.reason?.message}
            {...form.register('reason')}
          />
          <SubmitRow
            pending={pending}
            pendingLabel={pendingLabel}
            variant="destructive"
            submitClassName="whitespace-nowrap"
            onCancel={cancel}
          >
            {submitLabel}
          </SubmitRow>
        </form>
      )}
    </div>
  );
}
