/**
 * The password gate for the Payments page's money moves (recording, joining, splitting, importing): when the
 * server answers 403 STEP_UP_REQUIRED the admin is asked for her password where she acted, and the action is
 * taken again once the window is open. The browser never checks a password itself.
 */
import { useState, type ReactNode } from 'react';
import { isStepUpRequired } from '#client/api/admin-step-up.ts';
import { StepUpPrompt } from './step-up-prompt.tsx';

/** `ask(err, again)`: true when the refusal was the closed window (the prompt shows, `again` runs once unlocked). */
export function useStepUpRetry(what: string): { ask: (err: unknown, again: () => void) => boolean; prompt: ReactNode } {
  const [again, setAgain] = useState<(() => void) | null>(null);
  const ask = (err: unknown, retry: () => void) => {
    if (!isStepUpRequired(err)) return false;
    setAgain(() => retry);
    return true;
  };
  const prompt = again && (
    <StepUpPrompt
      what={what}
      opens="Money moves"
      onCancel={() => setAgain(null)}
      onUnlocked={() => {
        setAgain(null);
        again();
      }}
    />
  );
  return { ask, prompt };
}
