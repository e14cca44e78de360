/** On a live site whose appeal is still the seed's example: says so above it, so no one takes it for a real one. */
import { Info } from 'lucide-react';
import { useSite } from '#client/lib/campaign-context.tsx';

export function ExampleAppealNotice() {
  const { exampleAppeal } = useSite();
  if (!exampleAppeal) return null;
  return (
    <p
      role="note"
      className="flex gap-2 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
      data-testid="example-appeal"
    >
      <Info aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
      <span>
        This is the example appeal the site came with: its story, names and figures are invented, and it takes no gifts
        until the organiser replaces them with her own.
      </span>
    </p>
  );
}
