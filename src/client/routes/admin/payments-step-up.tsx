/**
 * The password gate for the Payments page's money moves (recording, joining, splitting, importing): when the
 * server answers 403 STEP_UP_REQUIRED the admin is asked for her password where she acted, and the action is
 * taken again once the window is open. The browser never checks a password itself.
 */
import { useId, useState, type ReactNode } from 'react';
import { isStepUpRequired } from '#client/api/admin-step-up.ts';
import { Button } from '#client/components/ui/button.tsx';
import { StepUpForm } from './step-up-form.tsx';

/** `ask(err, again)`: true when the refusal was the closed window (the prompt shows, `again` runs once unlocked). */
export function useStepUpRetry(what: string): { ask: (err: unknown, again: () => void) => boolean; prompt: ReactNode } {
  const [again, setAgain] = useState<(() => void) | null>(null);
  const titleId = useId();
  const ask = (err: unknown, retry: () => void) => {
    if (!isStepUpRequired(err)) return false;
    setAgain(() => retry);
    return true;
  };
  const prompt = again && (
    <section
      aria-labelledby={titleId}
      className="mt-3 w-full rounded-xl border border-brand-200 bg-brand-50 p-4 sm:w-96"
      data-testid="step-up"
    >
      <h4 id={titleId} className="font-semibold text-ink">
        Re-enter your password
      </h4>
      <p className="mt-1 text-sm text-slate-700">
        To {what}, re-enter your account password. Money moves then stay open for 15 minutes.
      </p>
      <StepUpForm
        autoFocus
        className="mt-3 space-y-3"
        unlockedText="Money moves stay open for 15 minutes."
        onUnlocked={() => {
          setAgain(null);
          again();
        }}
      />
      <Button variant="ghost" className="mt-2" onClick={() => setAgain(null)}>
        Cancel
      </Button>
    </section>
  );
  return { ask, prompt };
}
