/**
 * Copies a link (this page's unless given); the label reads 'Copied!' for 2 seconds. With `shareSheet`, the
 * device's own share sheet opens instead where there is one (phones), and copying is the fallback.
 */
import { useEffect, useState } from 'react';
import { Check, Link2 } from 'lucide-react';
import { COPIED_INDICATOR_MS } from '#shared/constants.ts';
import { toast } from './ui/toast.ts';
import { Button } from './ui/button.tsx';

export function CopyLinkButton({
  label,
  size = 'md',
  link,
  copiedDescription = 'Share this page to help spread the word.',
  shareSheet = false,
}: {
  label: string;
  shareSheet?: boolean;
  size?: 'md' | 'lg';
  /** The link to copy; this page's address when left out. */
  link?: string;
  copiedDescription?: string;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    const url = link ?? window.location.href;
    if (shareSheet && typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: document.title, url });
        return;
      } catch (err) {
        // She closed the sheet: nothing to do. Any other failure falls back to copying.
        if (err instanceof DOMException && err.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast({ title: 'Link copied!', description: copiedDescription });
    } catch {
      toast({ title: 'Copy failed', description: 'Please copy the URL manually.', variant: 'destructive' });
    }
  }

  return (
    <Button variant="secondary" size={size} onClick={copy} aria-live="polite">
      {copied ? <Check aria-hidden="true" className="h-4 w-4" /> : <Link2 aria-hidden="true" className="h-4 w-4" />}
      {copied ? 'Copied!' : label}
    </Button>
  );
}
