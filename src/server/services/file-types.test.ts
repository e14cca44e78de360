import { describe, expect, it } from 'vitest';
import { imageSize, sniffImageType } from './file-types.ts';
import { IMAGES } from '../../../tests/factories/images.ts';

const bytesOf = (name: keyof typeof IMAGES) => Buffer.from(IMAGES[name], 'base64');

/** The same WebP in the simple form: only its image chunk ('VP8 ' lossy, 'VP8L' lossless) inside RIFF. */
function simpleWebp(extended: Buffer, fourcc: 'VP8 ' | 'VP8L'): Buffer {
  const at = extended.indexOf(fourcc, 12, 'ascii');
  const chunk = extended.subarray(at, at + 8 + extended.readUInt32LE(at + 4));
  const header = Buffer.from('RIFF\0\0\0\0WEBP', 'ascii');
  header.writeUInt32LE(4 + chunk.length, 4);
  return Buffer.concat([header, chunk]);
}

describe('imageSize', () => {
  it.each([
    ['PNG', bytesOf('png')],
    ['JPEG', bytesOf('jpeg')],
    ['WebP (extended)', bytesOf('webp')],
    ['WebP (lossy)', simpleWebp(bytesOf('webp'), 'VP8 ')],
    ['WebP (lossless)', simpleWebp(bytesOf('webpLossless'), 'VP8L')],
  ])('reads the size of a %s image from its header', (_name, bytes) => {
    const type = sniffImageType(bytes);
    expect(type).not.toBeNull();
    expect(imageSize(bytes, type!)).toEqual({ width: 7, height: 5 });
  });

  it('answers null for a header that makes no sense, never throwing', () => {
    const png = bytesOf('png');
    expect(imageSize(png.subarray(0, 20), 'image/png')).toBeNull();
    expect(imageSize(Buffer.concat([png.subarray(0, 16), Buffer.alloc(8)]), 'image/png')).toBeNull();
    expect(imageSize(bytesOf('jpeg').subarray(0, 40), 'image/jpeg')).toBeNull();
    expect(imageSize(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x02, 0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc]), 'image/jpeg')).toBeNull();
    expect(imageSize(bytesOf('webp').subarray(0, 20), 'image/webp')).toBeNull();
  });
});
