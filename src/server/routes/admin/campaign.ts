/**
 * The campaign editor (super_admin only): read the content, publish it as a new version, list and restore
 * versions, post a dated update (optionally telling the followers), set the owner, upload images. After a
 * publish the command's after-commit queue drops this instance's cached campaign and renders the pages again.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import * as endpoints from '#shared/contract/admin.ts';
import * as uploads from '#shared/contract/uploads.ts';
import { IMAGE_UPLOAD_MAX_BYTES } from '#shared/uploads.ts';
import type { AdminCampaign } from '#shared/schemas/admin-campaign.ts';
import {
  postCampaignUpdate,
  publishCampaign,
  restoreCampaignVersion,
  setCampaignOwner,
} from '../../commands/campaign-content.ts';
import { storeUpload } from '../../commands/uploads.ts';
import { linkSettings } from '../../commands/accounts.ts';
import {
  findVersion,
  personById,
  storedCampaign,
  versionsPage,
  type MainAppealRow,
} from '../../db/queries/campaign.ts';
import {
  presentAdminCampaign,
  presentCampaignVersion,
  presentOwner,
  publisherName,
} from '../../presenters/campaign.ts';
import { readUploadedImage } from '../uploads/read-upload.ts';
import { uploadUrl } from '../uploads/uploads.ts';
import { route } from '../endpoint.ts';

export const CAMPAIGN_IMAGE_MAX_BYTES = IMAGE_UPLOAD_MAX_BYTES;
/** The content is about 15 KB; fifty long updates stay well under this. */
const CONTENT_BODY_LIMIT = 1024 * 1024;

/** The campaign row as stored now (not the cached copy: the editor must see the version it is about to build on). */
async function loadCampaign(app: FastifyInstance): Promise<MainAppealRow> {
  return storedCampaign(app.db, (await app.campaigns.mainAppeal()).id);
}

async function withOwner(app: FastifyInstance, row: MainAppealRow): Promise<AdminCampaign> {
  const owner = await personById(app.db, row.ownerId);
  return presentAdminCampaign(row, owner ? presentOwner(owner) : null);
}

const adminCampaign: FastifyPluginAsyncZod = async (app) => {
  const links = linkSettings(app.config);
  await app.register(multipart, { limits: { fileSize: CAMPAIGN_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  route(app, endpoints.adminCampaign, {}, async (_request, reply) => {
    return reply.header('cache-control', 'no-store').send(await withOwner(app, await loadCampaign(app)));
  });

  route(app, endpoints.publishCampaign, { bodyLimit: CONTENT_BODY_LIMIT }, async (request, reply) => {
    const { id } = await app.campaigns.mainAppeal();
    const row = await request.run(publishCampaign, id, request.body);
    return reply.header('cache-control', 'no-store').send(await withOwner(app, row));
  });

  route(app, endpoints.campaignVersions, {}, async (request, reply) => {
    const page = await versionsPage(app.db, await loadCampaign(app), request.query.page, presentCampaignVersion);
    return reply.header('cache-control', 'no-store').send(page);
  });

  route(app, endpoints.campaignVersion, {}, async (request, reply) => {
    const found = await findVersion(app.db, await loadCampaign(app), request.params.version);
    const publisher = await personById(app.db, found.publishedBy);
    return reply.header('cache-control', 'no-store').send({
      version: found.version,
      publishedBy: publisher ? publisherName(publisher.firstName, publisher.lastName) : null,
      note: found.note,
      createdAt: found.createdAt.toISOString(),
      content: found.content,
    });
  });

  route(app, endpoints.restoreCampaignVersion, {}, async (request, reply) => {
    const { id } = await app.campaigns.mainAppeal();
    const row = await request.run(restoreCampaignVersion, id, request.params.version, request.body.expectedVersion);
    return reply.header('cache-control', 'no-store').send(await withOwner(app, row));
  });

  route(app, endpoints.postCampaignUpdate, { bodyLimit: CONTENT_BODY_LIMIT }, async (request, reply) => {
    const { id } = await app.campaigns.mainAppeal();
    const { row, notified } = await request.run(postCampaignUpdate, links, id, request.body);
    return reply
      .status(201)
      .header('cache-control', 'no-store')
      .send({ ...(await withOwner(app, row)), notified });
  });

  route(app, endpoints.setCampaignOwner, {}, async (request, reply) => {
    const { id } = await app.campaigns.mainAppeal();
    const owner = await request.run(setCampaignOwner, id, request.body.email);
    return reply.header('cache-control', 'no-store').send({ owner: presentOwner(owner) });
  });

  /** An image for the campaign's content (gallery, journey...); the content refers to it by its URL. */
  route(
    app,
    uploads.campaignImage,
    { config: { rateLimit: { max: 60, timeWindow: '1 hour' } } },
    async (request, reply) => {
      const { bytes, contentType, width, height } = await readUploadedImage(request, {
        field: 'image',
        what: 'image',
        maxBytes: CAMPAIGN_IMAGE_MAX_BYTES,
      });
      // No owner: the image belongs to the campaign, and must outlive the account of whoever uploaded it.
      const id = await request.run(storeUpload, null, 'campaign_image', { contentType, bytes });
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send({ id, url: uploadUrl(id), width, height });
    },
  );
};
export default adminCampaign;
