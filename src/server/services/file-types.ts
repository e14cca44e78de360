/** What a file is, judged by its first bytes (never by its name or the type the browser claims), and decoded by sharp. */
import sharp, { type Metadata } from 'sharp';

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP')
    return 'image/webp';
  return null;
}

export type DocumentType = ImageType | 'application/pdf';

/** Expense documents: an image, or a PDF (which starts with "%PDF-"). */
export function sniffDocumentType(bytes: Buffer): DocumentType | null {
  if (bytes.length >= 5 && bytes.toString('ascii', 0, 5) === '%PDF-') return 'application/pdf';
  return sniffImageType(bytes);
}

/** The most pixels an uploaded image may have: a few-KB PNG can claim 50000 x 50000 (2.5 gigapixels) and exhaust memory when decoded. */
export const IMAGE_MAX_PIXELS = 40_000_000;

// Each upload is decoded once; libvips' operation cache would only hold decoded pixels in memory.
sharp.cache(false);

/** A sniffed image's real size, decoded by sharp: refused above IMAGE_MAX_PIXELS, or when truncated or corrupt. */
export async function decodedImageSize(
  bytes: Buffer,
): Promise<
  | { ok: true; width: number; height: number }
  | { ok: false; problem: 'too-many-pixels' | 'unreadable'; width?: number; height?: number }
> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  const { width, height } = metadata;
  if (!width || !height) return { ok: false, problem: 'unreadable' };
  // Checked before decoding, from the header; limitInputPixels below holds the same bound inside libvips.
  if (width * height > IMAGE_MAX_PIXELS) return { ok: false, problem: 'too-many-pixels', width, height };
  try {
    // stats() decodes every pixel (streamed, not held), so a truncated or corrupt image fails here.
    await sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }).stats();
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  return { ok: true, width, height };
}
