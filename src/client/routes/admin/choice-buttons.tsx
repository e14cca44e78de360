/** Buttons choosing which part of a list to show (a filter or a tab): the chosen one is pressed. */
import { Button } from '#client/components/ui/button.tsx';

export interface Choice<V> {
  value: V;
  label: string;
}

export function ChoiceButtons<V>({
  label,
  value,
  choices,
  onChange,
  className = 'mt-6 flex flex-wrap gap-2',
}: {
  /** What the group chooses, e.g. "Show messages". */
  label: string;
  value: V;
  choices: readonly Choice<V>[];
  onChange: (value: V) => void;
  className?: string;
}) {
  return (
    <div role="group" aria-label={label} className={className}>
      {choices.map((choice) => (
        <Button
          key={choice.label}
          variant={value === choice.value ? 'primary' : 'secondary'}
          aria-pressed={value === choice.value}
          onClick={() => onChange(choice.value)}
        >
          {choice.label}
        </Button>
      ))}
    </div>
  );
}
