/** Following the campaign: signed-in people ask to be told about its dated updates, and can stop. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { followCampaign, unfollowCampaign } from '../../commands/campaign-content.ts';
import { isFollowing } from '../../db/queries/campaign.ts';
import { requireUser } from '../../plugins/auth.ts';

const campaignFollow: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/campaign/follow', { config: { access: 'user' } }, async (request, reply) => {
    const me = requireUser(request);
    const { id } = await app.campaigns.current();
    return reply.header('cache-control', 'no-store').send({ following: await isFollowing(app.db, id, me.id) });
  });

  // PUT and DELETE are idempotent: following twice, or stopping when not following, changes nothing.
  app.put('/api/campaign/follow', { config: { access: 'user' } }, async (request, reply) => {
    const me = requireUser(request);
    const { id } = await app.campaigns.current();
    await request.run(followCampaign, id, me.id);
    return reply.header('cache-control', 'no-store').send({ following: true });
  });

  app.delete('/api/campaign/follow', { config: { access: 'user' } }, async (request, reply) => {
    const me = requireUser(request);
    const { id } = await app.campaigns.current();
    await request.run(unfollowCampaign, id, me.id);
    return reply.header('cache-control', 'no-store').send({ following: false });
  });
};
export default campaignFollow;
