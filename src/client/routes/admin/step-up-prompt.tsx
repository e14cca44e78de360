/**
 * The password, asked for where an admin acted when the server answered 403 STEP_UP_REQUIRED: a short section
 * with the step-up form, and Cancel. The action is taken again by its caller once the window is open.
 */
import { useId } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { StepUpForm } from './step-up-form.tsx';

export function StepUpPrompt({
  what,
  opens,
  onUnlocked,
  onCancel,
}: {
  /** What she was doing, after "To" ("approve this expense"). */
  what: string;
  /** What the window opens, before "stay open" ("Money moves"). */
  opens: string;
  onUnlocked: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="mt-3 w-full rounded-xl border border-brand-200 bg-brand-50 p-4 sm:w-96"
      data-testid="step-up"
    >
      <h4 id={titleId} className="font-semibold text-ink">
        Re-enter your password
      </h4>
      <p className="mt-1 text-sm text-slate-700">
        To {what}, re-enter your account password. {opens} then stay open for 15 minutes.
      </p>
      <StepUpForm
        autoFocus
        className="mt-3 space-y-3"
        unlockedText={`${opens} stay open for 15 minutes.`}
        onUnlocked={onUnlocked}
      />
      <Button variant="ghost" className="mt-2" onClick={onCancel}>
        Cancel
      </Button>
    </section>
  );
}
