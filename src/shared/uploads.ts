/**
 * What an upload may be, and the words for what is wrong with one: the server checks the bytes, and the browser
 * checks the size and the type it reports before sending a byte, so a 20 MB photo is refused at once, not after it
 * was sent in full.
 */

/** An avatar, a story's or a fundraiser's image, a campaign image. */
export const IMAGE_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** A private document (an invoice, a treatment plan): a PDF or an image. */
export const DOCUMENT_UPLOAD_TYPES = ['application/pdf', ...IMAGE_UPLOAD_TYPES] as const;

export type UploadKind = 'image' | 'document';

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** "The image must be 2 MB or smaller". */
export const uploadTooLargeMessage = (what: string, maxBytes: number) =>
  `The ${what} must be ${megabytes(maxBytes)} or smaller`;

/** "The image must be a PNG, JPEG or WebP image". */
export const uploadTypeMessage = (what: string, kind: UploadKind) =>
  kind === 'image'
    ? `The ${what} must be a PNG, JPEG or WebP image`
    : `The ${what} must be a PDF or a PNG, JPEG or WebP image`;

/**
 * What is wrong with a chosen file before it is sent, or null: too large, or of a type the server refuses. A file
 * whose type the browser does not know (an empty `type`) is left to the server, which reads its bytes.
 */
export function uploadProblem(
  file: { size: number; type: string; name?: string },
  rule: { what: string; kind: UploadKind; maxBytes: number },
): string | null {
  const types: readonly string[] = rule.kind === 'image' ? IMAGE_UPLOAD_TYPES : DOCUMENT_UPLOAD_TYPES;
  if (file.type !== '' && !types.includes(file.type)) return uploadTypeMessage(rule.what, rule.kind);
  if (file.size > rule.maxBytes) {
    const size = (file.size / (1024 * 1024)).toFixed(1);
    return `${uploadTooLargeMessage(rule.what, rule.maxBytes)}; this one is ${size} MB`;
  }
  if (file.size === 0) return `The ${rule.what} is empty (0 bytes)`;
  return null;
}
