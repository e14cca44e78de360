/** A story's images on its page: each one as the page shows it, in a grid; `each` may wrap one (a content note blurs them). */
import type { ReactNode } from 'react';
import * as uploads from '#shared/contract/uploads.ts';
import type { PublicStory } from '#shared/schemas/stories.ts';
import { urlOf } from '#client/lib/api.ts';

type StoryImage = PublicStory['images'][number];

export function StoryImages({
  images,
  each = (img, image) => <div key={image.uploadId}>{img}</div>,
  imageClass = '',
}: {
  images: PublicStory['images'];
  each?: (img: ReactNode, image: StoryImage) => ReactNode;
  imageClass?: string;
}) {
  if (images.length === 0) return null;
  return (
    <div className="mt-6 grid gap-3 sm:grid-cols-2">
      {images.map((image) =>
        each(
          <img
            src={urlOf(uploads.file, { params: { id: image.uploadId } })}
            alt={image.alt}
            loading="lazy"
            width={800}
            height={600}
            className={`aspect-[4/3] h-auto w-full rounded-2xl border border-brand-100 bg-brand-50 object-contain ${imageClass}`}
          />,
          image,
        ),
      )}
    </div>
  );
}
