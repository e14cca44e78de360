/** The story page as it will look with the draft, shown inert before anything is published. */
import { useEffect, useRef } from 'react';
import { SiteProvider, useSiteUrl } from '#client/lib/campaign-context.tsx';
import { Button } from '#client/components/ui/button.tsx';
import CampaignPage from '../public/campaign-page.tsx';
import type { ContentOut } from './campaign-fields.tsx';

/** How the story page will look with the draft, before anything is published. */
export function Preview({
  content,
  onBack,
  onPublish,
  publishing,
}: {
  content: ContentOut;
  onBack: () => void;
  onPublish: () => void;
  publishing: boolean;
}) {
  const siteUrl = useSiteUrl()('');
  const heading = useRef<HTMLHeadingElement>(null);
  // The Preview button that opened this is hidden now: keyboard and screen reader users start here.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div>
      <div role="region" aria-label="Preview" className="sticky top-0 z-10 border-b border-brand-200 bg-brand-50">
        <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          {/* The story page's own heading is in the inert preview, out of the accessibility tree: this is the page's heading. */}
          <div>
            <h1 ref={heading} tabIndex={-1} className="text-lg font-bold text-brand-900 outline-none">
              Preview of your changes
            </h1>
            <p className="text-sm text-brand-900">
              This is how the story page will look once you publish. Nothing is published yet.
            </p>
          </div>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={onBack}>
              Back to editing
            </Button>
            <Button onClick={onPublish} disabled={publishing}>
              {publishing ? 'Publishing…' : 'Publish'}
            </Button>
          </div>
        </div>
      </div>
      {/* Looked at, not used: its links and buttons would leave the editor. */}
      <div inert data-testid="campaign-preview">
        <SiteProvider site={{ content, siteUrl }}>
          <CampaignPage />
        </SiteProvider>
      </div>
    </div>
  );
}
