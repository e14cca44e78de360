/**
 * "Help Us Spread the Word": the main appeal's share set (a post on X, a mail draft, Copy Link), for any public page:
 * the appeal, a patient's fundraiser, a community story. Below the fold wherever it is, so it loads with that part.
 */
import type { ReactNode } from 'react';
import { Mail, Share2 } from 'lucide-react';
import { useSiteUrl } from '#client/lib/campaign-context.tsx';
import { CopyLinkButton } from './copy-link-button.tsx';
import { Card, CardTitle } from './ui/card.tsx';
import { buttonClass } from './ui/button.tsx';

/** What a share says: the post's text, and the mail's subject and first words (the page's address follows each). */
export interface ShareWords {
  postText: string;
  emailSubject: string;
  emailBody: string;
}

export function SpreadTheWord({ path, words, children }: { path: string; words: ShareWords; children: ReactNode }) {
  const pageUrl = useSiteUrl()(path);
  const postUrl = `https://twitter.com/intent/tweet?text=${encodeURIComponent(words.postText)}&url=${encodeURIComponent(pageUrl)}`;
  const mailUrl = `mailto:?subject=${encodeURIComponent(words.emailSubject)}&body=${encodeURIComponent(`${words.emailBody} ${pageUrl}`)}`;
  return (
    <Card aria-labelledby="spread-title">
      <CardTitle id="spread-title">Help Us Spread the Word</CardTitle>
      <p className="mt-2 text-slate-700">{children}</p>
      <div className="mt-4 grid gap-3 sm:grid-cols-3">
        <a href={postUrl} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary')}>
          <Share2 aria-hidden="true" className="h-4 w-4" />
          Share on X<span className="sr-only"> (opens in a new tab)</span>
        </a>
        <a href={mailUrl} className={buttonClass('secondary')}>
          <Mail aria-hidden="true" className="h-4 w-4" />
          Send Email
        </a>
        <CopyLinkButton label="Copy Link" link={pageUrl} />
      </div>
    </Card>
  );
}
