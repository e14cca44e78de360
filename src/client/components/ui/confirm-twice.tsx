/**
 * An action that cannot be undone, asked twice: the button opens a warning with the action and a way back. Focus
 * moves to the action; the way back closes the warning and returns focus to the button.
 */
import { useRef, useState, type ReactNode } from 'react';
import { Button } from './button.tsx';

export interface ConfirmTwiceProps {
  /** The first button's text ("Withdraw application…"). */
  label: string;
  /** The first button's accessible name when its text alone does not say what it acts on ("Delete $75.00 intent"). */
  labelFor?: string;
  /** The warning's accessible name. */
  groupLabel: string;
  /** What the action does, said before it is confirmed. */
  warning: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  keepLabel: string;
  pending: boolean;
  onConfirm: () => void;
}

export function ConfirmTwice({
  label,
  labelFor,
  groupLabel,
  warning,
  confirmLabel,
  pendingLabel,
  keepLabel,
  pending,
  onConfirm,
}: ConfirmTwiceProps) {
  const [asking, setAsking] = useState(false);
  const first = useRef<HTMLButtonElement>(null);
  if (!asking)
    return (
      <Button ref={first} variant="secondary" aria-label={labelFor} onClick={() => setAsking(true)}>
        {label}
      </Button>
    );
  return (
    <div role="group" aria-label={groupLabel} className="rounded-xl border border-red-200 bg-red-50 p-4">
      <p className="text-sm text-red-950">{warning}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="destructive" autoFocus disabled={pending} onClick={onConfirm}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            setAsking(false);
            setTimeout(() => first.current?.focus());
          }}
        >
          {keepLabel}
        </Button>
      </div>
    </div>
  );
}
