import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_PIXELS, decodedImageSize, sniffImageType } from './file-types.ts';
import { IMAGES, pngClaiming } from '../../../tests/factories/images.ts';

const bytesOf = (name: keyof typeof IMAGES) => Buffer.from(IMAGES[name], 'base64');

/** The same WebP in the simple form: only its image chunk ('VP8 ' lossy, 'VP8L' lossless) inside RIFF. */
function simpleWebp(extended: Buffer, fourcc: 'VP8 ' | 'VP8L'): Buffer {
  const at = extended.indexOf(fourcc, 12, 'ascii');
  const chunk = extended.subarray(at, at + 8 + extended.readUInt32LE(at + 4));
  const header = Buffer.from('RIFF\0\0\0\0WEBP', 'ascii');
  header.writeUInt32LE(4 + chunk.length, 4);
  return Buffer.concat([header, chunk]);
}

describe('decodedImageSize', () => {
  it.each([
    ['PNG', bytesOf('png')],
    ['JPEG', bytesOf('jpeg')],
    ['WebP (extended)', bytesOf('webp')],
    ['WebP (lossy)', simpleWebp(bytesOf('webp'), 'VP8 ')],
    ['WebP (lossless)', simpleWebp(bytesOf('webpLossless'), 'VP8L')],
  ])('decodes a %s image and answers its size in pixels', async (_name, bytes) => {
    expect(sniffImageType(bytes)).not.toBeNull();
    expect(await decodedImageSize(bytes)).toEqual({ ok: true, width: 7, height: 5 });
  });

  it('refuses a tiny PNG claiming 50000 x 50000 pixels (a decompression bomb) without decoding it', async () => {
    const bomb = pngClaiming(50_000, 50_000);
    expect(bomb.length).toBeLessThan(1000);
    expect(await decodedImageSize(bomb)).toEqual({
      ok: false,
      problem: 'too-many-pixels',
      width: 50_000,
      height: 50_000,
    });
  });

  it('accepts exactly IMAGE_MAX_PIXELS by the header and refuses one row more', async () => {
    const width = 8000;
    const height = IMAGE_MAX_PIXELS / width;
    expect(await decodedImageSize(pngClaiming(width, height + 1))).toMatchObject({
      ok: false,
      problem: 'too-many-pixels',
    });
    // At the bound the header passes; the data (one row of many) is cut off, so the decode refuses it as unreadable.
    expect(await decodedImageSize(pngClaiming(width, height))).toEqual({ ok: false, problem: 'unreadable' });
  });

  it('refuses cut-off, corrupt and headerless images as unreadable, never throwing', async () => {
    const png = bytesOf('png');
    const jpeg = bytesOf('jpeg');
    expect(await decodedImageSize(png.subarray(0, 20))).toEqual({ ok: false, problem: 'unreadable' });
    expect(await decodedImageSize(png.subarray(0, png.length - 20))).toEqual({ ok: false, problem: 'unreadable' });
    expect(await decodedImageSize(jpeg.subarray(0, jpeg.length - 30))).toEqual({ ok: false, problem: 'unreadable' });
    expect(
      await decodedImageSize(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x02, 0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc])),
    ).toEqual({ ok: false, problem: 'unreadable' });
    expect(await decodedImageSize(bytesOf('webp').subarray(0, 40))).toEqual({ ok: false, problem: 'unreadable' });
    const flipped = Buffer.from(png);
    flipped[png.length - 20] = flipped[png.length - 20]! ^ 0xff;
    expect(await decodedImageSize(flipped)).toEqual({ ok: false, problem: 'unreadable' });
  });
});
