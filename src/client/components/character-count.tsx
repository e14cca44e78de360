/**
 * A text box's live character count ("412 of 1,000 characters"). Nothing she types or pastes is cut: past the limit
 * it says by how much, in red, and the form's schema refuses it until she shortens it. The visible count describes
 * the box (read when it gets focus); a quiet live region speaks only near and past the limit, not on every key.
 */
const number = (n: number) => n.toLocaleString('en-US');

export function CharacterCount({ id, length, max }: { id: string; length: number; max: number }) {
  const over = length - max;
  const left = max - length;
  const near = left >= 0 && left <= Math.max(20, Math.floor(max / 10));
  const spoken = over > 0 ? `${number(over)} characters too many` : near ? `${number(left)} characters left` : '';
  return (
    <>
      <p id={id} className={`mt-1 text-sm ${over > 0 ? 'font-medium text-red-800' : 'text-slate-600'}`}>
        {number(length)} of {number(max)} characters
        {over > 0 && `: ${number(over)} too many, shorten it to send it`}
      </p>
      <p aria-live="polite" className="sr-only">
        {spoken}
      </p>
    </>
  );
}
