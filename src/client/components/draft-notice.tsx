/** Says that a form holds text kept on this device from an earlier visit, with a way to start over. */
import type { FormDraft } from '#client/hooks/use-form-draft.ts';
import { formatWhen } from '#client/lib/format.ts';
import { Button } from '#client/components/ui/button.tsx';

export function DraftNotice({ draft }: { draft: FormDraft }) {
  if (!draft.restoredAt) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950"
    >
      <p>
        We kept what you were writing here on this device (
        <time dateTime={draft.restoredAt}>{formatWhen(draft.restoredAt)}</time>) and put it back. It is not saved to
        your account until you save or send it.
      </p>
      <Button type="button" variant="secondary" onClick={draft.discard}>
        Discard it
      </Button>
    </div>
  );
}
