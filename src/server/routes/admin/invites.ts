/** Admin invites: only a super_admin makes new admins, and chooses their level. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminInviteSchema } from '#shared/schemas/admin-users.ts';
import { createAdminInvite, linkSettings } from '../../commands/accounts.ts';

const invites: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/invites',
    { config: { access: { admin: 'super_admin' } }, schema: { body: AdminInviteSchema } },
    async (request, reply) => {
      const links = linkSettings(app.config);
      const invite = await request.run(createAdminInvite, links, {
        adminLevel: request.body.adminLevel,
        email: request.body.email ?? null,
      });
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send({ link: invite.link, expiresAt: invite.expiresAt.toISOString() });
    },
  );
};
export default invites;
