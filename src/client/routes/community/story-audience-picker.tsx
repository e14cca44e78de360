/** On My Stories: who may read a story (everyone, members, its link), changed at once. */
import { useId } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { OwnStory } from '#shared/schemas/stories.ts';
import { STORY_AUDIENCE_WORDS, STORY_AUDIENCES, type StoryAudience } from '#shared/story-audience.ts';
import { errorMessage } from '#client/lib/api.ts';
import { setStoryAudience } from '#client/api/stories.ts';
import { toast } from '#client/components/ui/toast.ts';

export function StoryAudiencePicker({ story }: { story: OwnStory }) {
  const id = useId();
  const change = useMutation({
    mutationFn: (audience: StoryAudience) => setStoryAudience(story.id, audience),
    // The list is read again: the endpoint's `changes`.
    onSuccess: (saved) =>
      toast({ title: 'Audience changed', description: `${STORY_AUDIENCE_WORDS[saved.audience].label} can read it.` }),
    onError: (err) =>
      toast({
        title: 'That did not work',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
  });
  return (
    <div className="mt-3 text-sm">
      <label htmlFor={id} className="font-medium text-slate-700">
        Who can read “{story.title}”
      </label>
      <select
        id={id}
        value={change.isPending ? change.variables : story.audience}
        disabled={change.isPending || !story.abilities.publish}
        onChange={(event) => change.mutate(event.target.value as StoryAudience)}
        aria-describedby={`${id}-hint`}
        className="mt-1 block w-full max-w-sm rounded-xl border border-slate-300 bg-white px-3 py-2 text-slate-900"
      >
        {STORY_AUDIENCES.map((audience) => (
          <option key={audience} value={audience}>
            {STORY_AUDIENCE_WORDS[audience].label}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        {STORY_AUDIENCE_WORDS[story.audience].hint}
      </p>
    </div>
  );
}
