/**
 * A fundraiser's pages with no fundraiser to show: it does not exist (or is not public), or it could not be loaded.
 * Rarely shown, so a module of its own that loads only when one is (fundraiser-parts.tsx).
 */
import { ListLoadError } from '#client/components/ui/list-status.tsx';
import { MessageLink, MessagePage, PageFrame } from '#client/components/page-layout.tsx';

export function FundraiserNotFound() {
  return (
    <MessagePage
      title="Fundraiser not found"
      actions={<MessageLink href="/fundraisers">See live fundraisers</MessageLink>}
    >
      This fundraiser does not exist or is not public.
    </MessagePage>
  );
}

export function FundraiserLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <PageFrame title="Fundraiser" width="3xl">
      <ListLoadError what="fundraiser" error={error} onRetry={onRetry} />
    </PageFrame>
  );
}
