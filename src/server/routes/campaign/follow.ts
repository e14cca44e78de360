/**
 * Following the campaign: signed-in people ask to be told about its dated updates, and can stop; a donor who
 * asked by email confirms her address; anyone stops update mail from its unsubscribe link, signed in or not.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ConfirmUpdatesSchema, UnsubscribeQuerySchema } from '#shared/schemas/campaign.ts';
import { followCampaign, unfollowCampaign } from '../../commands/campaign-content.ts';
import { confirmUpdates, stopUpdates } from '../../commands/update-followers.ts';
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

  const secret = app.config.sessionSecret;
  app.post(
    '/api/campaign/updates/confirm',
    {
      schema: { body: ConfirmUpdatesSchema },
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      await request.run(confirmUpdates, secret, request.body.token);
      return reply
        .header('cache-control', 'no-store')
        .send({ message: 'Your email address is confirmed. You will get the campaign’s updates.' });
    },
  );

  // The List-Unsubscribe-Post one-click address (RFC 8058): mail providers POST `List-Unsubscribe=One-Click`
  // as a form, so any small body is accepted and ignored here; the token in the address says who stops.
  const oneClickScope: FastifyPluginAsyncZod = async (oneClick) => {
    oneClick.removeAllContentTypeParsers();
    oneClick.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => {
      done(null, {});
    });
    oneClick.post(
      '/api/campaign/updates/unsubscribe',
      {
        schema: { querystring: UnsubscribeQuerySchema },
        // Mail providers send one-click requests from a few addresses of their own: the token, not the
        // address, is what is checked, so the limit only guards the database.
        config: { access: 'public', rateLimit: { max: 300, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        await request.run(stopUpdates, secret, request.query.token);
        return reply
          .header('cache-control', 'no-store')
          .send({ message: 'You will not get these updates by email any more.' });
      },
    );
  };
  await app.register(oneClickScope);
};
export default campaignFollow;
