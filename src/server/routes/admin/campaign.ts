/**
 * The campaign editor (super_admin only): read the content, publish it as a new version, list and restore
 * versions, post a dated update (optionally telling the followers), set the owner, upload images. After a
 * publish this instance drops its cached campaign and renders the public pages again.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { count, desc, eq } from 'drizzle-orm';
import { ADMIN_LIST_PAGE_SIZE } from '#shared/constants.ts';
import { AppError } from '#shared/errors.ts';
import { CampaignOwnerSchema } from '#shared/schemas/spending.ts';
import {
  CampaignVersionParamsSchema,
  CampaignVersionsQuerySchema,
  PostCampaignUpdateSchema,
  PublishCampaignSchema,
  RestoreCampaignVersionSchema,
  type AdminCampaign,
  type CampaignImageUpload,
  type CampaignVersionItem,
} from '#shared/schemas/admin-campaign.ts';
import { campaignVersions, campaigns, uploads, users } from '../../db/schema/index.ts';
import {
  findVersion,
  postCampaignUpdate,
  publishCampaign,
  restoreCampaignVersion,
  setCampaignOwner,
} from '../../commands/campaign-content.ts';
import { presentAdminCampaign, presentOwner } from '../../presenters/campaign.ts';
import { withCurrentShape, type CampaignRow } from '../../services/campaign.ts';
import { readUploadedImage } from '../uploads/read-upload.ts';
import { mailImportant } from '../../services/notifications.ts';
import { requireUser } from '../../plugins/auth.ts';

export const CAMPAIGN_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** The content is about 15 KB; fifty long updates stay well under this. */
const CONTENT_BODY_LIMIT = 1024 * 1024;
const SUPER_ADMIN = { access: { admin: 'super_admin' } } as const;

/** The campaign row as stored now (not the cached copy: the editor must see the version it is about to build on). */
async function loadCampaign(app: FastifyInstance): Promise<CampaignRow> {
  const { id } = await app.campaigns.current();
  const [row] = await app.db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'No campaign has been set up yet');
  return { ...row, content: withCurrentShape(row.content) };
}

async function withOwner(app: FastifyInstance, row: CampaignRow): Promise<AdminCampaign> {
  const [owner] = row.ownerId ? await app.db.select().from(users).where(eq(users.id, row.ownerId)) : [];
  return presentAdminCampaign(row, owner ? presentOwner(owner) : null);
}

/** After a publish: this instance's cache and pages follow at once (others within the cache's second). */
async function published(app: FastifyInstance, row: CampaignRow): Promise<AdminCampaign> {
  app.campaigns.invalidate();
  await app.sitePages.refresh();
  return withOwner(app, row);
}

const fullName = (first: string | null, last: string | null) =>
  first === null ? null : `${first} ${last ?? ''}`.trim();

const adminCampaign: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: CAMPAIGN_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  app.get('/api/admin/campaign', { config: SUPER_ADMIN }, async (_request, reply) => {
    return reply.header('cache-control', 'no-store').send(await withOwner(app, await loadCampaign(app)));
  });

  app.put(
    '/api/admin/campaign',
    { schema: { body: PublishCampaignSchema }, config: SUPER_ADMIN, bodyLimit: CONTENT_BODY_LIMIT },
    async (request, reply) => {
      const { id } = await app.campaigns.current();
      const row = await publishCampaign(app.db, request, id, request.body, app.clock.now());
      return reply.header('cache-control', 'no-store').send(await published(app, row));
    },
  );

  app.get(
    '/api/admin/campaign/versions',
    { schema: { querystring: CampaignVersionsQuerySchema }, config: SUPER_ADMIN },
    async (request, reply) => {
      const campaign = await loadCampaign(app);
      const where = eq(campaignVersions.campaignId, campaign.id);
      const [rows, [total]] = await Promise.all([
        app.db
          .select({
            version: campaignVersions.version,
            note: campaignVersions.note,
            createdAt: campaignVersions.createdAt,
            firstName: users.firstName,
            lastName: users.lastName,
          })
          .from(campaignVersions)
          .leftJoin(users, eq(users.id, campaignVersions.publishedBy))
          .where(where)
          .orderBy(desc(campaignVersions.version))
          .limit(ADMIN_LIST_PAGE_SIZE)
          .offset((request.query.page - 1) * ADMIN_LIST_PAGE_SIZE),
        app.db.select({ n: count() }).from(campaignVersions).where(where),
      ]);
      let items: CampaignVersionItem[] = rows.map((r) => ({
        version: r.version,
        publishedBy: fullName(r.firstName, r.lastName),
        note: r.note,
        createdAt: r.createdAt.toISOString(),
      }));
      // Seeded before versions existed: the current content is the one version there is.
      if ((total?.n ?? 0) === 0)
        items = [
          { version: campaign.version, publishedBy: null, note: null, createdAt: campaign.updatedAt.toISOString() },
        ];
      return reply
        .headers({ 'cache-control': 'no-store', 'x-total-count': String(Math.max(total?.n ?? 0, items.length)) })
        .send(items);
    },
  );

  app.get(
    '/api/admin/campaign/versions/:version',
    { schema: { params: CampaignVersionParamsSchema }, config: SUPER_ADMIN },
    async (request, reply) => {
      const found = await findVersion(app.db, await loadCampaign(app), request.params.version);
      const [publisher] = found.publishedBy
        ? await app.db.select().from(users).where(eq(users.id, found.publishedBy))
        : [];
      return reply.header('cache-control', 'no-store').send({
        version: found.version,
        publishedBy: publisher ? fullName(publisher.firstName, publisher.lastName) : null,
        note: found.note,
        createdAt: found.createdAt.toISOString(),
        content: found.content,
      });
    },
  );

  app.post(
    '/api/admin/campaign/versions/:version/restore',
    { schema: { params: CampaignVersionParamsSchema, body: RestoreCampaignVersionSchema }, config: SUPER_ADMIN },
    async (request, reply) => {
      const { id } = await app.campaigns.current();
      const row = await restoreCampaignVersion(
        app.db,
        request,
        id,
        request.params.version,
        request.body.expectedVersion,
        app.clock.now(),
      );
      return reply.header('cache-control', 'no-store').send(await published(app, row));
    },
  );

  app.post(
    '/api/admin/campaign/updates',
    { schema: { body: PostCampaignUpdateSchema }, config: SUPER_ADMIN, bodyLimit: CONTENT_BODY_LIMIT },
    async (request, reply) => {
      const { id } = await app.campaigns.current();
      const { row, notifications } = await postCampaignUpdate(app.db, request, id, request.body, app.clock.now());
      const answer = await published(app, row);
      await mailImportant(app, request, notifications);
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send({ ...answer, notified: notifications.length });
    },
  );

  app.put(
    '/api/admin/campaign/owner',
    { schema: { body: CampaignOwnerSchema }, config: SUPER_ADMIN },
    async (request, reply) => {
      const { id } = await app.campaigns.current();
      const owner = await setCampaignOwner(app.db, request, id, request.body.email);
      app.campaigns.invalidate();
      return reply.header('cache-control', 'no-store').send({ owner });
    },
  );

  /** An image for the campaign's content (gallery, journey...); the content refers to it by its URL. */
  app.post(
    '/api/uploads/campaign-image',
    { config: { ...SUPER_ADMIN, rateLimit: { max: 60, timeWindow: '1 hour' } } },
    async (request, reply) => {
      requireUser(request);
      const { bytes, contentType, width, height } = await readUploadedImage(request, {
        field: 'image',
        what: 'image',
        maxBytes: CAMPAIGN_IMAGE_MAX_BYTES,
      });
      // No owner: the image belongs to the campaign, and must outlive the account of whoever uploaded it.
      const [row] = await app.db
        .insert(uploads)
        .values({ ownerId: null, purpose: 'campaign_image', contentType, size: bytes.length, bytes })
        .returning({ id: uploads.id });
      const answer: CampaignImageUpload = { id: row!.id, url: `/api/uploads/${row!.id}`, width, height };
      return reply.status(201).header('cache-control', 'no-store').send(answer);
    },
  );
};
export default adminCampaign;
