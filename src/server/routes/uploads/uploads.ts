/** Avatar and story images: uploaded by their owner (type checked by content, size capped), served to anyone who has the id. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '#shared/errors.ts';
import { uploads, users } from '../../db/schema/index.ts';
import { sniffImageType } from '../../services/file-types.ts';
import { presentCurrentUser } from '../../presenters/user.ts';
import { requireUser } from '../../plugins/auth.ts';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const STORY_IMAGE_MAX_BYTES = AVATAR_MAX_BYTES;

/** The one image in a multipart request, checked by its bytes; `field` names it in errors. */
async function readImage(request: FastifyRequest, field: string, what: string) {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data');
  const file = await request.file();
  if (!file) throw new AppError('VALIDATION', 'Choose an image to upload', field);
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch {
    throw new AppError('PAYLOAD_TOO_LARGE', 'The image must be 2 MB or smaller', field);
  }
  const contentType = sniffImageType(bytes);
  if (!contentType) throw new AppError('VALIDATION', `The ${what} must be a PNG, JPEG or WebP image`, field);
  return { bytes, contentType };
}

const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  app.post('/api/user/avatar', { config: { access: 'user', rateLimit: { max: 20, timeWindow: '1 hour' } } }, async (request, reply) => {
    const me = requireUser(request);
    const { bytes, contentType } = await readImage(request, 'avatar', 'avatar');

    const updated = await app.db.transaction(async (tx) => {
      await tx.delete(uploads).where(and(eq(uploads.ownerId, me.id), eq(uploads.purpose, 'avatar')));
      const [row] = await tx.insert(uploads).values({ ownerId: me.id, purpose: 'avatar', contentType, size: bytes.length, bytes }).returning({ id: uploads.id });
      const [user] = await tx
        .update(users)
        .set({ profileImageUrl: `/api/uploads/${row!.id}`, updatedAt: app.clock.now() })
        .where(eq(users.id, me.id))
        .returning();
      return user!;
    });
    return reply.header('cache-control', 'no-store').send(presentCurrentUser(updated, request.session));
  });

  app.delete('/api/user/avatar', { config: { access: 'user' } }, async (request, reply) => {
    const me = requireUser(request);
    await app.db.transaction(async (tx) => {
      await tx.delete(uploads).where(and(eq(uploads.ownerId, me.id), eq(uploads.purpose, 'avatar')));
      await tx.update(users).set({ profileImageUrl: null }).where(eq(users.id, me.id));
    });
    return reply.status(204).send();
  });

  /** An image for a story the author is writing; the story references it by id (checked in the story commands). */
  app.post('/api/uploads/story-image', { config: { access: { role: 'patient' }, rateLimit: { max: 40, timeWindow: '1 hour' } } }, async (request, reply) => {
    const me = requireUser(request);
    const { bytes, contentType } = await readImage(request, 'image', 'image');
    const [row] = await app.db.insert(uploads).values({ ownerId: me.id, purpose: 'story_image', contentType, size: bytes.length, bytes }).returning({ id: uploads.id });
    return reply.status(201).header('cache-control', 'no-store').send({ id: row!.id, url: `/api/uploads/${row!.id}` });
  });

  app.get('/api/uploads/:id', { config: { access: 'public' }, schema: { params: z.object({ id: z.uuid('Not a valid id') }) } }, async (request, reply) => {
    // Avatars and story images are shown on public pages; their ids are random UUIDs, known only where they are shown.
    const [file] = await app.db.select().from(uploads).where(and(eq(uploads.id, request.params.id), inArray(uploads.purpose, ['avatar', 'story_image'])));
    if (!file) throw new AppError('NOT_FOUND', 'No such file');
    // A new upload gets a new id, so a served file never changes.
    return reply
      .headers({ 'content-type': file.contentType, 'cache-control': 'public, max-age=31536000, immutable', 'content-disposition': 'inline' })
      .send(file.bytes);
  });
};
export default uploadRoutes;
