/**
 * Following a campaign: signed-in people ask to be told about its dated updates, and can stop, at
 * `/api/campaigns/:id/follow` (the main appeal's by its id or slug as a patient's fundraiser's); a donor who asked by
 * email confirms her address; anyone stops update mail from its unsubscribe link, signed in or not.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#shared/errors.ts';
import * as endpoints from '#shared/contract/campaign.ts';
import { followCampaign, unfollowCampaign } from '../../commands/campaign-content.ts';
import { confirmUpdates, stopUpdates } from '../../commands/update-followers.ts';
import { isFollowing } from '../../db/queries/campaign.ts';
import { giftTarget } from '../../db/queries/fundraisers.ts';
import type { UserRow } from '../../services/sessions.ts';
import { route, type EndpointHandler } from '../endpoint.ts';

type Follow = 'read' | 'follow' | 'stop';

/** Answers `me`'s follow request for the campaign `campaignId`: reads, starts or stops her following it. */
async function answerFollow(
  request: FastifyRequest,
  reply: FastifyReply,
  app: FastifyInstance,
  me: UserRow,
  campaignId: string,
  what: Follow,
) {
  if (what === 'follow') await request.run(followCampaign, campaignId, me.id);
  if (what === 'stop') await request.run(unfollowCampaign, campaignId, me.id);
  const following = what === 'read' ? await isFollowing(app.db, campaignId, me.id) : what === 'follow';
  return reply.header('cache-control', 'no-store').send({ following });
}

/** A campaign by id or slug, to follow or stop following; a closed fundraiser posts no more updates to follow. */
async function campaignToFollow(app: FastifyInstance, idOrSlug: string, what: Follow): Promise<string> {
  const target = await giftTarget(app.db, idOrSlug);
  if (!target) throw new AppError('NOT_FOUND', 'No such campaign');
  if (what === 'follow' && !target.takesGifts)
    throw new AppError('CONFLICT', 'This fundraiser is closed and posts no more updates');
  return target.id;
}

const campaignFollow: FastifyPluginAsyncZod = async (app) => {
  // PUT and DELETE are idempotent: following twice, or stopping when not following, changes nothing.
  const answer =
    (what: Follow): EndpointHandler<typeof endpoints.followStatus.declaration> =>
    async (request, reply, { me }) =>
      answerFollow(request, reply, app, me, await campaignToFollow(app, request.params.id, what), what);
  route(app, endpoints.followStatus, {}, answer('read'));
  route(app, endpoints.follow, {}, answer('follow'));
  route(app, endpoints.unfollow, {}, answer('stop'));

  const secret = app.config.sessionSecret;
  route(
    app,
    endpoints.confirmUpdates,
    { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
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
    route(
      oneClick,
      endpoints.unsubscribe,
      // Mail providers send one-click requests from a few addresses of their own: the token, not the
      // address, is what is checked, so the limit only guards the database.
      { config: { rateLimit: { max: 300, timeWindow: '1 minute' } } },
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
