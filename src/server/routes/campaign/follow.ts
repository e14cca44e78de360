/** Following the campaign: signed-in people ask to be told about its dated updates, and can stop. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { campaignFollowers } from '../../db/schema/index.ts';
import { requireUser } from '../../plugins/auth.ts';

const campaignFollow: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/campaign/follow', { config: { access: 'user' } }, async (request, reply) => {
    const me = requireUser(request);
    const { id } = await app.campaigns.current();
    const [row] = await app.db
      .select({ userId: campaignFollowers.userId })
      .from(campaignFollowers)
      .where(and(eq(campaignFollowers.campaignId, id), eq(campaignFollowers.userId, me.id)));
    return reply.header('cache-control', 'no-store').send({ following: row !== undefined });
  });

  // PUT and DELETE are idempotent: following twice, or stopping when not following, changes nothing.
  app.put('/api/campaign/follow', { config: { access: 'user' } }, async (request, reply) => {
    const me = requireUser(request);
    const { id } = await app.campaigns.current();
    await app.db.insert(campaignFollowers).values({ campaignId: id, userId: me.id }).onConflictDoNothing();
    return reply.header('cache-control', 'no-store').send({ following: true });
  });

  app.delete('/api/campaign/follow', { config: { access: 'user' } }, async (request, reply) => {
    const me = requireUser(request);
    const { id } = await app.campaigns.current();
    await app.db
      .delete(campaignFollowers)
      .where(and(eq(campaignFollowers.campaignId, id), eq(campaignFollowers.userId, me.id)));
    return reply.header('cache-control', 'no-store').send({ following: false });
  });
};
export default campaignFollow;
