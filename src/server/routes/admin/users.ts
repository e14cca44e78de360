/** User management: managers look, super admins change roles and levels, suspend and restore. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as endpoints from '#shared/contract/admin.ts';
import { linkSettings } from '../../commands/accounts.ts';
import { resendVerificationFor, restoreUser, setUserRole, suspendUser } from '../../commands/admin-users.ts';
import { usersPage } from '../../db/queries/users.ts';
import { presentAdminUser } from '../../presenters/user.ts';
import { route } from '../endpoint.ts';

const adminUsers: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.users, {}, async (request, reply) =>
    reply.header('cache-control', 'no-store').send(await usersPage(app.db, request.query, presentAdminUser)),
  );

  route(app, endpoints.changeRole, {}, async (request, reply) =>
    reply.send(presentAdminUser(await request.run(setUserRole, request.params.id, request.body))),
  );

  route(app, endpoints.suspendUser, {}, async (request, reply) =>
    reply.send(presentAdminUser(await request.run(suspendUser, request.params.id, request.body.reason))),
  );

  route(app, endpoints.restoreUser, {}, async (request, reply) =>
    reply.send(presentAdminUser(await request.run(restoreUser, request.params.id))),
  );

  route(
    app,
    endpoints.resendVerification,
    { config: { rateLimit: { max: 20, timeWindow: '15 minutes' } } },
    async (request, reply) => {
      const links = linkSettings(app.config);
      await request.run(resendVerificationFor, links, request.params.id);
      return reply.status(204).send();
    },
  );
};
export default adminUsers;
