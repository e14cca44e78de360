/** On a live site whose appeal is still the seed's example: says so above it, so no one takes it for a real one. */
import { useSite } from '#client/lib/campaign-context.tsx';

export function ExampleAppealNotice() {
  const { exampleAppeal } = useSite();
  if (!exampleAppeal) return null;
  return (
    <p role="note" className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      An example appeal: its story, names and figures are invented.
    </p>
  );
}
