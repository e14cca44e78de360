/**
 * Reading the one file of a multipart upload. Every way a body can be wrong (not multipart, no boundary,
 * cut off, another field, several parts, an empty or oversized file, an image that does not decode or has
 * too many pixels) is a 4xx whose message says what was wrong or which limit was crossed.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '#shared/errors.ts';
import { uploadTooLargeMessage, uploadTypeMessage } from '#shared/uploads.ts';
import {
  IMAGE_MAX_PIXELS,
  decodedImageSize,
  sniffDocumentType,
  sniffImageType,
  type DocumentType,
  type ImageType,
} from '../../services/file-types.ts';

/** What the route expects: the form field, what the file is called in messages, and its size cap. */
export interface UploadRule {
  field: string;
  what: string;
  maxBytes: number;
}

/** The multipart library's errors (its own codes, and busboy's parse errors) as our 4xx. */
function uploadError(error: unknown, rule: UploadRule): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('PAYLOAD_TOO_LARGE', uploadTooLargeMessage(rule.what, rule.maxBytes), rule.field);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError(
      'VALIDATION',
      `Send one ${rule.what} and nothing else: the form takes one file, in the field "${rule.field}"`,
      rule.field,
    );
  }
  if (code === 'FST_PROTO_VIOLATION')
    return new AppError('VALIDATION', 'A form field has a name that is not allowed', rule.field);
  // busboy: "Multipart: Boundary not found", "Unexpected end of form", "Malformed part header" ...
  return new AppError(
    'VALIDATION',
    `The upload could not be read (a malformed or cut-off multipart body); send the ${rule.what} again`,
    rule.field,
  );
}

/** The bytes of the one file in the request's field `rule.field`. */
export async function readUploadedFile(request: FastifyRequest, rule: UploadRule): Promise<Buffer> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the ${rule.what} as multipart/form-data`);
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: rule.maxBytes, files: 1, fields: 0, parts: 1 } })) {
      if (part.type !== 'file' || part.fieldname !== rule.field) {
        throw new AppError(
          'VALIDATION',
          `Send the ${rule.what} as a file in the form field "${rule.field}"`,
          rule.field,
        );
      }
      bytes = await part.toBuffer();
    }
  } catch (error) {
    throw uploadError(error, rule);
  }
  if (!bytes) throw new AppError('VALIDATION', `Choose the ${rule.what} to upload`, rule.field);
  if (bytes.length === 0) throw new AppError('VALIDATION', `The ${rule.what} is empty (0 bytes)`, rule.field);
  return bytes;
}

/** Checks an image's bytes by decoding them: its type, and its size in pixels (refused above IMAGE_MAX_PIXELS). */
export async function checkImage(
  bytes: Buffer,
  rule: UploadRule,
): Promise<{ contentType: ImageType; width: number; height: number }> {
  const contentType = sniffImageType(bytes);
  if (!contentType) throw new AppError('VALIDATION', uploadTypeMessage(rule.what, 'image'), rule.field);
  const decoded = await decodedImageSize(bytes);
  if (decoded.ok) return { contentType, width: decoded.width, height: decoded.height };
  if (decoded.problem === 'too-many-pixels') {
    const megapixels = (IMAGE_MAX_PIXELS / 1_000_000).toLocaleString('en-US');
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The ${rule.what} is ${decoded.width!.toLocaleString('en-US')} x ${decoded.height!.toLocaleString('en-US')} pixels; at most ${megapixels} million pixels are accepted`,
      rule.field,
    );
  }
  throw new AppError(
    'VALIDATION',
    `The ${rule.what} could not be read (damaged or cut off); save it again as PNG, JPEG or WebP`,
    rule.field,
  );
}

/** The one image of the request, read and decoded. */
export async function readUploadedImage(request: FastifyRequest, rule: UploadRule) {
  const bytes = await readUploadedFile(request, rule);
  return { bytes, ...(await checkImage(bytes, rule)) };
}

/** The one document of the request: a PDF (kept as it is) or an image (decoded like any image). */
export async function readUploadedDocument(
  request: FastifyRequest,
  rule: UploadRule,
): Promise<{ bytes: Buffer; contentType: DocumentType }> {
  const bytes = await readUploadedFile(request, rule);
  const contentType = sniffDocumentType(bytes);
  if (!contentType) throw new AppError('VALIDATION', uploadTypeMessage(rule.what, 'document'), rule.field);
  if (contentType === 'application/pdf') return { bytes, contentType };
  return { bytes, contentType: (await checkImage(bytes, rule)).contentType };
}
