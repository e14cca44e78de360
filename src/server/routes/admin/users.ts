/** User management: managers look, super admins change roles and levels, suspend and restore. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminUsersQuerySchema, ChangeRoleSchema, SuspendSchema } from '#shared/schemas/admin-users.ts';
import { linkSettings } from '../../commands/accounts.ts';
import { resendVerificationFor, restoreUser, setUserRole, suspendUser } from '../../commands/admin-users.ts';
import { usersPage } from '../../db/queries/users.ts';
import { presentAdminUser } from '../../presenters/user.ts';

const idParams = z.object({ id: z.uuid('Not a valid id') });

const adminUsers: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/users',
    { schema: { querystring: AdminUsersQuerySchema }, config: { access: { admin: 'manager' } } },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await usersPage(app.db, request.query, presentAdminUser)),
  );

  app.patch(
    '/api/admin/users/:id/role',
    { schema: { params: idParams, body: ChangeRoleSchema }, config: { access: { admin: 'super_admin' } } },
    async (request, reply) =>
      reply.send(presentAdminUser(await request.run(setUserRole, request.params.id, request.body))),
  );

  app.post(
    '/api/admin/users/:id/suspend',
    { schema: { params: idParams, body: SuspendSchema }, config: { access: { admin: 'super_admin' } } },
    async (request, reply) =>
      reply.send(presentAdminUser(await request.run(suspendUser, request.params.id, request.body.reason))),
  );

  app.post(
    '/api/admin/users/:id/restore',
    { schema: { params: idParams }, config: { access: { admin: 'super_admin' } } },
    async (request, reply) => reply.send(presentAdminUser(await request.run(restoreUser, request.params.id))),
  );

  app.post(
    '/api/admin/users/:id/resend-verification',
    {
      schema: { params: idParams },
      config: { access: { admin: 'super_admin' }, rateLimit: { max: 20, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      const links = linkSettings(app.config);
      await request.run(resendVerificationFor, links, request.params.id);
      return reply.status(204).send();
    },
  );
};
export default adminUsers;
