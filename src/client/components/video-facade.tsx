/** A click-to-load video: only our own poster until the visitor asks, then the privacy-enhanced embed. */
import { useState } from 'react';
import { Play } from 'lucide-react';
import { useCampaign } from '#client/lib/campaign-context.tsx';
import { track } from '#client/lib/analytics.ts';

export function VideoFacade() {
  const { video } = useCampaign();
  const [playing, setPlaying] = useState(false);
  // A live site leaves out the seed's example video and link (src/shared/example-content.ts): they are empty.
  if (!video.youtubeId && !video.shortVideoUrl) return null;
  return (
    <div className="space-y-2">
      {video.youtubeId && (
        <div className="relative aspect-video w-full overflow-hidden rounded-2xl bg-brand-900 shadow-sm">
          {playing ? (
            <iframe
              className="absolute inset-0 h-full w-full"
              src={`https://www.youtube-nocookie.com/embed/${video.youtubeId}?autoplay=1&rel=0`}
              title={video.title}
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              allowFullScreen
            />
          ) : (
            <button
              type="button"
              onClick={() => setPlaying(true)}
              className="group absolute inset-0 h-full w-full"
              aria-label={`Play video: ${video.title}`}
            >
              <img
                src={video.poster.src}
                alt=""
                width={video.poster.width}
                height={video.poster.height}
                className="h-full w-full object-cover"
                fetchPriority="high"
              />
              <span className="absolute top-1/2 left-1/2 flex h-16 w-16 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg transition-transform group-hover:scale-110">
                <Play aria-hidden="true" className="ml-1 h-8 w-8" fill="currentColor" />
              </span>
            </button>
          )}
        </div>
      )}
      {video.shortVideoUrl && (
        <p className="text-sm">
          <a
            href={video.shortVideoUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-brand-800 underline underline-offset-4"
            onClick={() => track({ name: 'tiktok_video_click' })}
          >
            {video.shortVideoLabel}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
      )}
    </div>
  );
}
