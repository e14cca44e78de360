/**
 * A story's page with no story to show: it does not exist (or is not public), or it could not be loaded. Rarely
 * shown, so a module of its own that loads only when one is (story-detail.tsx).
 */
import { ListLoadError } from '#client/components/ui/list-status.tsx';
import { MessageLink, MessagePage, PageFrame } from '#client/components/page-layout.tsx';

export function StoryNotFound() {
  return (
    <MessagePage title="Story not found" actions={<MessageLink href="/stories">Read other stories</MessageLink>}>
      This story does not exist or is no longer public: its author may have unpublished it.
    </MessagePage>
  );
}

export function StoryLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <PageFrame title="Story" width="3xl">
      <ListLoadError what="story" error={error} onRetry={onRetry} />
    </PageFrame>
  );
}
