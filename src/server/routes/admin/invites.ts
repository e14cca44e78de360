/** Admin invites: only a super_admin makes new admins, and chooses their level. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as endpoints from '#shared/contract/admin.ts';
import { linkSettings } from '../../commands/accounts.ts';
import { createAdminInvite } from '../../commands/admin-invites.ts';
import { route } from '../endpoint.ts';

const invites: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.createInvite, {}, async (request, reply) => {
    const links = linkSettings(app.config);
    const invite = await request.run(createAdminInvite, links, {
      adminLevel: request.body.adminLevel,
      email: request.body.email ?? null,
    });
    return reply
      .status(201)
      .header('cache-control', 'no-store')
      .send({ link: invite.link, expiresAt: invite.expiresAt.toISOString() });
  });
};
export default invites;
