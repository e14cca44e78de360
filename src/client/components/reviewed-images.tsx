/** Images under review (a story's, a fundraiser application's) as a reviewer sees them: each with its alt text shown. */
import * as uploads from '#shared/contract/uploads.ts';
import { urlOf } from '#client/lib/api.ts';

export function ReviewedImages({
  label,
  images,
  testId,
}: {
  label: string;
  images: readonly { uploadId: string; alt: string }[];
  testId?: string;
}) {
  if (images.length === 0) return null;
  return (
    <ul aria-label={label} className="mt-3 grid grid-cols-2 gap-3" data-testid={testId}>
      {images.map((image) => (
        <li key={image.uploadId}>
          <img
            src={urlOf(uploads.file, { params: { id: image.uploadId } })}
            alt={image.alt}
            width={240}
            height={180}
            loading="lazy"
            className="aspect-[4/3] w-full rounded-lg border border-slate-200 object-contain"
          />
          <p className="mt-1 text-xs text-slate-700">Alt text: {image.alt}</p>
        </li>
      ))}
    </ul>
  );
}
