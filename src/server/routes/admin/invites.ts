/** Admin invites: only a super_admin makes new admins, and chooses their level. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminInviteSchema } from '#shared/schemas/admin-users.ts';
import { createAdminInvite } from '../../commands/accounts.ts';
import { requireAdmin } from '../../plugins/auth.ts';

const invites: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/invites',
    { config: { access: { admin: 'super_admin' } }, schema: { body: AdminInviteSchema } },
    async (request, reply) => {
      const me = requireAdmin(request, 'super_admin');
      const invite = await createAdminInvite(app.db, app.config.sessionSecret, app.config.publicUrl, {
        adminLevel: request.body.adminLevel,
        email: request.body.email ?? null,
        createdBy: me.id,
        now: app.clock.now(),
      });
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send({ link: invite.link, expiresAt: invite.expiresAt.toISOString() });
    },
  );
};
export default invites;
