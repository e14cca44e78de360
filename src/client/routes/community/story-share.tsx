/** A public story's share set, below the story (loaded as it comes near, see below-fold.tsx). */
import { useParams } from 'wouter';
import { publicStoryQuery } from '#client/api/stories.ts';
import { usePageQuery } from '#client/lib/page-query.ts';
import { useCampaign } from '#client/lib/campaign-context.tsx';
import { SpreadTheWord } from '#client/components/spread-the-word.tsx';

export default function StoryShare() {
  const { id = '' } = useParams<{ id: string }>();
  const story = usePageQuery(publicStoryQuery(id)).data;
  const { product } = useCampaign();
  if (!story) return null;
  return (
    <SpreadTheWord
      path={`/stories/${encodeURIComponent(story.id)}`}
      words={{
        postText: story.title,
        emailSubject: story.title,
        emailBody: `A story from the ${product.name} community that I think you should read:`,
      }}
    >
      Share {story.authorName}’s story with someone who needs to read it.
    </SpreadTheWord>
  );
}
