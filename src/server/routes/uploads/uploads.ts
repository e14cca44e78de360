/**
 * Uploaded files, type checked by content and size capped. Avatars and campaign images are served to anyone
 * who has the id; a story image only while a public story shows it (else to its author and moderators);
 * expense documents only to their uploader, the campaign's owner and managers.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { AppError } from '#shared/errors.ts';
import { EXPENSE_DOCUMENT_MAX_BYTES } from '#shared/constants.ts';
import { campaigns, expenseDocuments, expenses, stories, uploads, users } from '../../db/schema/index.ts';
import { imagesInclude, isPublicStory } from '../../commands/stories.ts';
import { readUploadedDocument, readUploadedImage } from './read-upload.ts';
import { presentCurrentUser } from '../../presenters/user.ts';
import { isAdmin, requireUser } from '../../plugins/auth.ts';
import type { Db } from '../../db/client.ts';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const STORY_IMAGE_MAX_BYTES = AVATAR_MAX_BYTES;

const PUBLIC_PURPOSES = new Set(['avatar', 'campaign_image']);

type UploadRow = typeof uploads.$inferSelect;

/** A story image is public only while a public story shows it: a draft's or an unpublished story's images stay private. */
async function isOnPublicStory(db: Db, file: UploadRow): Promise<boolean> {
  const [shown] = await db
    .select({ id: stories.id })
    .from(stories)
    .where(and(isPublicStory, imagesInclude(stories.publishedImages, file.id)))
    .limit(1);
  return shown !== undefined;
}

/** Its author, and moderators reviewing the story, see a story image that is not (or no longer) public. */
function mayReadPrivateStoryImage(request: FastifyRequest, file: UploadRow): boolean {
  return request.user !== null && (file.ownerId === request.user.id || isAdmin(request, 'moderator'));
}

/** Who may read an expense document: its uploader, a manager, or the owner of the expense's campaign. */
async function mayReadDocument(db: Db, request: FastifyRequest, file: { id: string; ownerId: string | null }) {
  const me = request.user;
  if (!me) return false;
  if (file.ownerId === me.id || isAdmin(request, 'manager')) return true;
  const [owner] = await db
    .select({ ownerId: campaigns.ownerId })
    .from(expenseDocuments)
    .innerJoin(expenses, eq(expenses.id, expenseDocuments.expenseId))
    .innerJoin(campaigns, eq(campaigns.id, expenses.campaignId))
    .where(eq(expenseDocuments.uploadId, file.id));
  return owner?.ownerId === me.id;
}

const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  // Each route passes its own limits to readUploadedFile; these hold for any other reader.
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  app.post(
    '/api/user/avatar',
    { config: { access: 'user', rateLimit: { max: 20, timeWindow: '1 hour' } } },
    async (request, reply) => {
      const me = requireUser(request);
      const { bytes, contentType } = await readUploadedImage(request, {
        field: 'avatar',
        what: 'avatar',
        maxBytes: AVATAR_MAX_BYTES,
      });

      const updated = await app.db.transaction(async (tx) => {
        await tx.delete(uploads).where(and(eq(uploads.ownerId, me.id), eq(uploads.purpose, 'avatar')));
        const [row] = await tx
          .insert(uploads)
          .values({ ownerId: me.id, purpose: 'avatar', contentType, size: bytes.length, bytes })
          .returning({ id: uploads.id });
        const [user] = await tx
          .update(users)
          .set({ profileImageUrl: `/api/uploads/${row!.id}`, updatedAt: app.clock.now() })
          .where(eq(users.id, me.id))
          .returning();
        return user!;
      });
      return reply.header('cache-control', 'no-store').send(presentCurrentUser(updated, request.session));
    },
  );

  app.delete('/api/user/avatar', { config: { access: 'user' } }, async (request, reply) => {
    const me = requireUser(request);
    await app.db.transaction(async (tx) => {
      await tx.delete(uploads).where(and(eq(uploads.ownerId, me.id), eq(uploads.purpose, 'avatar')));
      await tx.update(users).set({ profileImageUrl: null }).where(eq(users.id, me.id));
    });
    return reply.status(204).send();
  });

  /** An image for a story the author is writing; the story references it by id (checked in the story commands). */
  app.post(
    '/api/uploads/story-image',
    { config: { access: { role: 'patient' }, rateLimit: { max: 40, timeWindow: '1 hour' } } },
    async (request, reply) => {
      const me = requireUser(request);
      const { bytes, contentType } = await readUploadedImage(request, {
        field: 'image',
        what: 'image',
        maxBytes: STORY_IMAGE_MAX_BYTES,
      });
      const [row] = await app.db
        .insert(uploads)
        .values({ ownerId: me.id, purpose: 'story_image', contentType, size: bytes.length, bytes })
        .returning({ id: uploads.id });
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send({ id: row!.id, url: `/api/uploads/${row!.id}` });
    },
  );

  /** An invoice or proof of payment for an expense (PDF or image), by the campaign's owner or a manager. */
  app.post(
    '/api/uploads/expense-document',
    { config: { access: 'user', rateLimit: { max: 60, timeWindow: '1 hour' } } },
    async (request, reply) => {
      const me = requireUser(request);
      if (!request.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the document as multipart/form-data');
      if (!isAdmin(request, 'manager')) {
        const [owned] = await app.db
          .select({ id: campaigns.id })
          .from(campaigns)
          .where(eq(campaigns.ownerId, me.id))
          .limit(1);
        if (!owned)
          throw new AppError('FORBIDDEN', "Only a campaign's owner and its managers can upload expense documents");
      }
      const { bytes, contentType } = await readUploadedDocument(request, {
        field: 'document',
        what: 'document',
        maxBytes: EXPENSE_DOCUMENT_MAX_BYTES,
      });
      const [row] = await app.db
        .insert(uploads)
        .values({ ownerId: me.id, purpose: 'expense_document', contentType, size: bytes.length, bytes })
        .returning({ id: uploads.id });
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send({ id: row!.id, contentType, size: bytes.length, url: `/api/uploads/${row!.id}` });
    },
  );

  app.get(
    '/api/uploads/:id',
    { config: { access: 'public' }, schema: { params: z.object({ id: z.uuid('Not a valid id') }) } },
    async (request, reply) => {
      const [file] = await app.db.select().from(uploads).where(eq(uploads.id, request.params.id));
      if (file && PUBLIC_PURPOSES.has(file.purpose)) {
        // Shown on public pages; ids are random UUIDs, known only where they are shown. A new upload gets a
        // new id, so a served file never changes.
        return reply
          .headers({
            'content-type': file.contentType,
            'cache-control': 'public, max-age=31536000, immutable',
            'content-disposition': 'inline',
          })
          .send(file.bytes);
      }
      if (file?.purpose === 'story_image') {
        // Cached briefly, not for a year: the author can unpublish the story, and then the image is private again.
        if (await isOnPublicStory(app.db, file)) {
          return reply
            .headers({
              'content-type': file.contentType,
              'cache-control': 'public, max-age=600',
              'content-disposition': 'inline',
            })
            .send(file.bytes);
        }
        if (!mayReadPrivateStoryImage(request, file)) throw new AppError('NOT_FOUND', 'No such file');
        return reply
          .headers({
            'content-type': file.contentType,
            'cache-control': 'private, no-store',
            'content-disposition': 'inline',
          })
          .send(file.bytes);
      }
      // Someone without access learns nothing, not even that the document exists.
      if (!file || !(await mayReadDocument(app.db, request, file))) throw new AppError('NOT_FOUND', 'No such file');
      return reply
        .headers({
          'content-type': file.contentType,
          'cache-control': 'private, no-store',
          'content-disposition': `inline; filename="expense-document-${file.id}.${file.contentType === 'application/pdf' ? 'pdf' : file.contentType.split('/')[1]}"`,
          // A document is shown as itself, never as a page that can run script on our origin.
          'content-security-policy': 'sandbox',
        })
        .send(file.bytes);
    },
  );
};
export default uploadRoutes;
