/** Muted topics on /profile: stories with a content note on one of them are left out of her /stories list. */
import { useId, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CONTENT_NOTE_LABELS, CONTENT_NOTES, type ContentNote } from '#shared/story-audience.ts';
import { errorMessage } from '#client/lib/api.ts';
import { mutedContentNotesQuery, setMutedContentNotes } from '#client/api/stories.ts';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { toast } from '#client/components/ui/toast.ts';

export function MutedTopicsSection() {
  const titleId = useId();
  const hintId = useId();
  const muted = useQuery(mutedContentNotesQuery());
  // Her choice shows at once; the saved one again if saving fails.
  const [choice, setChoice] = useState<ContentNote[] | null>(null);
  const save = useMutation({
    mutationFn: setMutedContentNotes,
    // Each save is her whole choice: one at a time, in the order she made them, so the last one stands.
    scope: { id: 'muted-content-notes' },
    // Her list of stories is read again: the endpoint's `changes`.
    onSuccess: () => toast({ title: 'Muted topics saved', description: 'The stories list follows them at once.' }),
    onError: (err) => {
      setChoice(null);
      toast({ title: 'Not saved', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    },
  });
  const current = choice ?? muted.data?.muted ?? [];
  const toggle = (note: ContentNote, on: boolean) => {
    const next = CONTENT_NOTES.filter((n) => (n === note ? on : current.includes(n)));
    setChoice(next);
    save.mutate(next);
  };
  return (
    <Card aria-labelledby={titleId}>
      <CardTitle id={titleId}>Muted topics</CardTitle>
      <fieldset aria-describedby={hintId} className="mt-2">
        <legend className="text-sm font-medium text-slate-700">Leave out stories with a content note on</legend>
        <p id={hintId} className="text-sm text-slate-600">
          Only you see this choice. The stories stay on the site; you can still open one by its link.
        </p>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {CONTENT_NOTES.map((note) => (
            <label
              key={note}
              className="flex items-center gap-3 rounded-xl border border-slate-300 px-3 py-2 text-sm text-slate-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                type="checkbox"
                className="h-5 w-5 accent-brand-700"
                checked={current.includes(note)}
                disabled={!muted.data}
                onChange={(event) => toggle(note, event.target.checked)}
              />
              {CONTENT_NOTE_LABELS[note]}
            </label>
          ))}
        </div>
      </fieldset>
    </Card>
  );
}
