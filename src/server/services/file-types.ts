/** What a file is, judged by its first bytes, never by its name or the type the browser claims. */
export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

export type DocumentType = ImageType | 'application/pdf';

/** Expense documents: an image, or a PDF (which starts with "%PDF-"). */
export function sniffDocumentType(bytes: Buffer): DocumentType | null {
  if (bytes.length >= 5 && bytes.toString('ascii', 0, 5) === '%PDF-') return 'application/pdf';
  return sniffImageType(bytes);
}

/** JPEG start-of-frame markers (baseline, progressive, ...): they carry the frame's size. DHT, JPG and DAC share the range. */
const JPEG_SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    // Fill bytes and markers without a length (RSTn, TEM).
    if (marker === 0xff) {
      at++;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    if (JPEG_SOF.has(marker)) return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return null;
}

function webpSize(bytes: Buffer): { width: number; height: number } | null {
  const chunk = bytes.toString('ascii', 12, 16);
  if (chunk === 'VP8X' && bytes.length >= 30) return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  if (chunk === 'VP8 ' && bytes.length >= 30) return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L' && bytes.length >= 25) {
    const bits = bytes.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  return null;
}

/** An image's size in pixels read from its header (no decoding), or null when the header makes no sense. */
export function imageSize(bytes: Buffer, type: ImageType): { width: number; height: number } | null {
  let size: { width: number; height: number } | null = null;
  if (type === 'image/png' && bytes.length >= 24 && bytes.toString('ascii', 12, 16) === 'IHDR') size = { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  else if (type === 'image/jpeg') size = jpegSize(bytes);
  else if (type === 'image/webp') size = webpSize(bytes);
  return size && size.width > 0 && size.height > 0 ? size : null;
}
