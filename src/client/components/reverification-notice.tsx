/**
 * Tells a verified doctor, before saving, that the form's change of name or credentials sends the profile back
 * for verification. The live region is always there, so a screen reader hears the notice when it appears.
 */
import { TriangleAlert } from 'lucide-react';
import { changesCheckedFields, REVERIFICATION_NOTICE, type CheckedValues } from '#shared/doctor-verification.ts';

export function ReverificationNotice({
  verified,
  saved,
  current,
}: {
  verified: boolean;
  saved: CheckedValues;
  current: CheckedValues;
}) {
  const show = verified && changesCheckedFields(saved, current);
  return (
    <div role="status" aria-live="polite">
      {show && (
        <p
          data-testid="reverification-notice"
          className="flex gap-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-amber-800" />
          {REVERIFICATION_NOTICE}
        </p>
      )}
    </div>
  );
}
