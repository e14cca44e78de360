/**
 * Uploaded files, type checked by content and size capped. Avatars and campaign images are served to anyone
 * who has the id; a story image only while a public story shows it (else to its author and moderators);
 * expense documents only to their uploader, the campaign's owner and managers; a fundraiser's images to anyone
 * while it is live or closed, else (and its documents always) only to the patient and managers, and its documents
 * to the doctor she granted them for a medical review.
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
import {
  documentCampaignOwner,
  findUpload,
  isOnPublicStory,
  ownsACampaign,
  type UploadRow,
} from '../../db/queries/uploads.ts';
import { isOnSubmittedFundraiser } from '../../db/queries/fundraisers.ts';
import { isOnPublicFundraiser } from '../../db/queries/public-fundraisers.ts';
import { isGrantedDocument } from '../../db/queries/medical-reviews.ts';
import { readUploadedDocument, readUploadedImage } from './read-upload.ts';
import { presentCurrentUser } from '../../presenters/user.ts';
import { isAdmin, requireUser } from '../../plugins/auth.ts';
import type { Db } from '../../db/client.ts';
import { route } from '../endpoint.ts';

export const AVATAR_MAX_BYTES = IMAGE_UPLOAD_MAX_BYTES;
export const STORY_IMAGE_MAX_BYTES = AVATAR_MAX_BYTES;

const PUBLIC_PURPOSES = new Set(['avatar', 'campaign_image']);

/** Its author, and moderators reviewing the story, see a story image that is not (or no longer) public. */
function mayReadPrivateStoryImage(request: FastifyRequest, file: UploadRow): boolean {
  return request.user !== null && (file.ownerId === request.user.id || isAdmin(request, 'moderator'));
}

/** Who may read an expense document: its uploader, a manager, or the owner of the expense's campaign. */
async function mayReadDocument(db: Db, request: FastifyRequest, file: UploadRow) {
  const me = request.user;
  if (!me) return false;
  if (file.ownerId === me.id || isAdmin(request, 'manager')) return true;
  return (await documentCampaignOwner(db, file.id)) === me.id;
}

/**
 * A fundraiser application's images and documents: its owner, and managers once she submitted the application
 * that uses them; its documents also the verified doctor she asked for a medical review, while that grant stands.
 * (A live fundraiser's images are public, above.)
 */
async function mayReadFundraiserFile(db: Db, request: FastifyRequest, file: UploadRow): Promise<boolean> {
  if (!request.user) return false;
  if (file.ownerId === request.user.id) return true;
  if (request.user.role === 'doctor')
    return file.purpose === 'fundraiser_document' && (await isGrantedDocument(db, file.id, request.user.id));
  return isAdmin(request, 'manager') && (await isOnSubmittedFundraiser(db, file.id));
}

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
    async (request, reply) => {
      const me = requireUser(request);
      const { bytes, contentType } = await readUploadedImage(request, {
        field: 'avatar',
        what: 'avatar',
        maxBytes: AVATAR_MAX_BYTES,
      });

      const updated = await request.run(replaceAvatar, me.id, { contentType, bytes });
      return reply.header('cache-control', 'no-store').send(presentCurrentUser(updated, request.session));
    },
  );

  route(app, account.removeAvatar, {}, async (request, reply) => {
    await request.run(removeAvatar, requireUser(request).id);
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
  const storeImage = async (request: FastifyRequest, purpose: 'story_image' | 'fundraiser_image') => {
    const me = requireUser(request);
    const { bytes, contentType } = await readImage(request);
    return request.run(storeUpload, me.id, purpose, { contentType, bytes });
  };

  route(app, endpoints.storyImage, { config: patientUpload }, async (request, reply) => {
    const id = await storeImage(request, 'story_image');
    return reply
      .status(201)
      .header('cache-control', 'no-store')
      .send({ id, url: uploadUrl(id) });
  });

  route(app, endpoints.fundraiserImage, { config: patientUpload }, async (request, reply) => {
    const id = await storeImage(request, 'fundraiser_image');
    return reply
      .status(201)
      .header('cache-control', 'no-store')
      .send({ id, url: uploadUrl(id) });
  });

  route(app, endpoints.fundraiserDocument, { config: patientUpload }, async (request, reply) => {
    const me = requireUser(request);
    const { bytes, contentType } = await readUploadedDocument(request, {
      field: 'document',
      what: 'document',
      maxBytes: FUNDRAISER_DOCUMENT_MAX_BYTES,
    });
    const id = await request.run(storeUpload, me.id, 'fundraiser_document', { contentType, bytes });
    return reply
      .status(201)
      .header('cache-control', 'no-store')
      .send({ id, contentType, size: bytes.length, url: uploadUrl(id) });
  });

  /** An invoice or proof of payment for an expense (PDF or image), by the campaign's owner or a manager. */
  route(
    app,
    endpoints.expenseDocument,
    { config: { rateLimit: { max: 60, timeWindow: '1 hour' } } },
    async (request, reply) => {
      const me = requireUser(request);
      if (!request.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the document as multipart/form-data');
      if (!isAdmin(request, 'manager') && !(await ownsACampaign(app.db, me.id)))
        throw new AppError('FORBIDDEN', "Only a campaign's owner and its managers can upload expense documents");
      const { bytes, contentType } = await readUploadedDocument(request, {
        field: 'document',
        what: 'document',
        maxBytes: EXPENSE_DOCUMENT_MAX_BYTES,
      });
      const id = await request.run(storeUpload, me.id, 'expense_document', { contentType, bytes });
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send({ id, contentType, size: bytes.length, url: uploadUrl(id) });
    },
  );

  route(app, endpoints.file, {}, async (request, reply) => {
    const file = await findUpload(app.db, request.params.id);
    if (file && PUBLIC_PURPOSES.has(file.purpose)) {
      // Shown on public pages; ids are random UUIDs, known only where they are shown. A new upload gets a
      // new id, so a served file never changes.
      return sendFile(reply, file, 'public, max-age=31536000, immutable');
    }
    if (file?.purpose === 'story_image') {
      // Cached briefly, not for a year: the author can unpublish the story, and then the image is private again.
      if (await isOnPublicStory(app.db, file.id)) return sendFile(reply, file, 'public, max-age=600');
      if (!mayReadPrivateStoryImage(request, file)) throw new AppError('NOT_FOUND', 'No such file');
      return sendFile(reply, file, 'private, no-store');
    }
    // Likewise a live or closed fundraiser's images; never its documents.
    if (file?.purpose === 'fundraiser_image' && (await isOnPublicFundraiser(app.db, file.id)))
      return sendFile(reply, file, 'public, max-age=600');
    // Someone without access learns nothing, not even that the file exists.
    const mayRead =
      file?.purpose === 'expense_document'
        ? await mayReadDocument(app.db, request, file)
        : file?.purpose === 'fundraiser_image' || file?.purpose === 'fundraiser_document'
          ? await mayReadFundraiserFile(app.db, request, file)
          : false;
    if (!file || !mayRead) throw new AppError('NOT_FOUND', 'No such file');
    return sendFile(reply, file, 'private, no-store', {
      'content-disposition': `inline; filename="${file.purpose.replace('_', '-')}-${file.id}.${file.contentType === 'application/pdf' ? 'pdf' : file.contentType.split('/')[1]}"`,
      // A document is shown as itself, never as a page that can run script on our origin.
      'content-security-policy': 'sandbox',
    });
  });
};
export default uploadRoutes;
