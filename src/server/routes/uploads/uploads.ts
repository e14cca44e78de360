/**
 * Uploaded files, type checked by content and size capped, and read back by id by whoever the upload policy lets
 * read them (src/server/policies/uploads.ts: a file on a public page to anyone, the rest by its purpose).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as account from '#shared/contract/account.ts';
import * as endpoints from '#shared/contract/uploads.ts';
import { AppError } from '#shared/errors.ts';
import { EXPENSE_DOCUMENT_MAX_BYTES, FUNDRAISER_DOCUMENT_MAX_BYTES } from '#shared/constants.ts';
import { IMAGE_UPLOAD_MAX_BYTES } from '#shared/uploads.ts';
import { removeAvatar, replaceAvatar, storeUpload } from '../../commands/uploads.ts';
import { findUpload, type UploadRow } from '../../db/queries/uploads.ts';
import { readUploadedDocument, readUploadedImage } from './read-upload.ts';
import { presentCurrentUser } from '../../presenters/user.ts';
import { authorizeExpenseDocumentUpload } from '../../policies/expenses.ts';
import { uploadReading } from '../../policies/uploads.ts';
import { route } from '../endpoint.ts';

export const AVATAR_MAX_BYTES = IMAGE_UPLOAD_MAX_BYTES;
export const STORY_IMAGE_MAX_BYTES = AVATAR_MAX_BYTES;

/** Serves a stored file as itself, inline, cached as `cacheControl` says (with any further headers). */
function sendFile(reply: FastifyReply, file: UploadRow, cacheControl: string, headers: Record<string, string> = {}) {
  return reply
    .headers({
      'content-type': file.contentType,
      'cache-control': cacheControl,
      'content-disposition': 'inline',
      ...headers,
    })
    .send(file.bytes);
}

/** Where a stored file is served (GET /api/uploads/:id). */
export const uploadUrl = (id: string) => `/api/uploads/${id}`;

const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  // Each route passes its own limits to readUploadedFile; these hold for any other reader.
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  route(
    app,
    account.uploadAvatar,
    { config: { rateLimit: { max: 20, timeWindow: '1 hour' } } },
    async (request, reply, { me }) => {
      const { bytes, contentType } = await readUploadedImage(request, {
        field: 'avatar',
        what: 'avatar',
        maxBytes: AVATAR_MAX_BYTES,
      });

      const updated = await request.run(replaceAvatar, me.id, { contentType, bytes });
      return reply.header('cache-control', 'no-store').send(presentCurrentUser(updated, request.session));
    },
  );

  route(app, account.removeAvatar, {}, async (request, reply, { me }) => {
    await request.run(removeAvatar, me.id);
    return reply.status(204).send();
  });

  /**
   * A patient's file, stored for her and referenced by id from what she writes (checked there): an image for a
   * story or her fundraiser application, or a private supporting document for the application (PDF or image).
   * Each answers 201 with the file's id and address, never cached; a document's answer also names its type and
   * size, which the form lists.
   */
  const patientUpload = { rateLimit: { max: 40, timeWindow: '1 hour' } };
  const readImage = (request: FastifyRequest) =>
    readUploadedImage(request, { field: 'image', what: 'image', maxBytes: STORY_IMAGE_MAX_BYTES });
  const storeImage = async (request: FastifyRequest, ownerId: string, purpose: 'story_image' | 'fundraiser_image') => {
    const { bytes, contentType } = await readImage(request);
    return request.run(storeUpload, ownerId, purpose, { contentType, bytes });
  };

  route(app, endpoints.storyImage, { config: patientUpload }, async (request, reply, { me }) => {
    const id = await storeImage(request, me.id, 'story_image');
    return reply
      .status(201)
      .header('cache-control', 'no-store')
      .send({ id, url: uploadUrl(id) });
  });

  route(app, endpoints.fundraiserImage, { config: patientUpload }, async (request, reply, { me }) => {
    const id = await storeImage(request, me.id, 'fundraiser_image');
    return reply
      .status(201)
      .header('cache-control', 'no-store')
      .send({ id, url: uploadUrl(id) });
  });

  /** Stores her document (PDF or image) and answers 201 with what the form lists: its type and size too. */
  async function storeDocument(
    request: FastifyRequest,
    reply: FastifyReply,
    ownerId: string,
    purpose: 'fundraiser_document' | 'expense_document',
    maxBytes: number,
  ) {
    const { bytes, contentType } = await readUploadedDocument(request, {
      field: 'document',
      what: 'document',
      maxBytes,
    });
    const id = await request.run(storeUpload, ownerId, purpose, { contentType, bytes });
    return reply
      .status(201)
      .header('cache-control', 'no-store')
      .send({ id, contentType, size: bytes.length, url: uploadUrl(id) });
  }

  route(app, endpoints.fundraiserDocument, { config: patientUpload }, async (request, reply, { me }) =>
    storeDocument(request, reply, me.id, 'fundraiser_document', FUNDRAISER_DOCUMENT_MAX_BYTES),
  );

  /** An invoice or proof of payment for an expense (PDF or image), by the campaign's owner or a manager. */
  route(
    app,
    endpoints.expenseDocument,
    { config: { rateLimit: { max: 60, timeWindow: '1 hour' } } },
    async (request, reply, { me, viewer }) => {
      if (!request.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the document as multipart/form-data');
      await authorizeExpenseDocumentUpload(app.db, viewer);
      return storeDocument(request, reply, me.id, 'expense_document', EXPENSE_DOCUMENT_MAX_BYTES);
    },
  );

  route(app, endpoints.file, {}, async (request, reply, { viewer }) => {
    const file = await findUpload(app.db, request.params.id);
    const reading = file && (await uploadReading(app.db, viewer, file));
    // Someone without access learns nothing, not even that the file exists.
    if (!file || !reading) throw new AppError('NOT_FOUND', 'No such file');
    if (reading === 'public') return sendFile(reply, file, 'public, max-age=31536000, immutable');
    // Cached briefly, not for a year: the page showing it can become private again.
    if (reading === 'public-while-shown') return sendFile(reply, file, 'public, max-age=600');
    return sendFile(reply, file, 'private, no-store', {
      'content-disposition': `inline; filename="${file.purpose.replace('_', '-')}-${file.id}.${file.contentType === 'application/pdf' ? 'pdf' : file.contentType.split('/')[1]}"`,
      // A document is shown as itself, never as a page that can run script on our origin.
      'content-security-policy': 'sandbox',
    });
  });
};
export default uploadRoutes;
