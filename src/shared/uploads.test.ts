import { describe, expect, it } from 'vitest';
import { IMAGE_UPLOAD_MAX_BYTES, uploadProblem } from './uploads.ts';

const image = { what: 'image', kind: 'image', maxBytes: IMAGE_UPLOAD_MAX_BYTES } as const;
const document = { what: 'document', kind: 'document', maxBytes: 5 * 1024 * 1024 } as const;
const MB = 1024 * 1024;

describe('uploadProblem', () => {
  it('refuses a file over the limit, saying the limit and its size', () => {
    expect(uploadProblem({ size: 20 * MB, type: 'image/jpeg' }, image)).toBe(
      'The image must be 2 MB or smaller; this one is 20.0 MB',
    );
    expect(uploadProblem({ size: 2 * MB, type: 'image/jpeg' }, image)).toBeNull();
  });

  it('refuses a type the server refuses, and leaves a type the browser does not know to the server', () => {
    expect(uploadProblem({ size: 1000, type: 'image/heic' }, image)).toBe(
      'The image must be a PNG, JPEG or WebP image',
    );
    expect(uploadProblem({ size: 1000, type: 'application/pdf' }, image)).toBe(
      'The image must be a PNG, JPEG or WebP image',
    );
    expect(uploadProblem({ size: 1000, type: 'application/pdf' }, document)).toBeNull();
    expect(uploadProblem({ size: 1000, type: 'text/plain' }, document)).toBe(
      'The document must be a PDF or a PNG, JPEG or WebP image',
    );
    expect(uploadProblem({ size: 1000, type: '' }, image)).toBeNull();
  });

  it('refuses an empty file', () => {
    expect(uploadProblem({ size: 0, type: 'image/png' }, image)).toBe('The image is empty (0 bytes)');
  });
});
