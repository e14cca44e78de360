/** User management: managers look, super admins change roles and levels, suspend and restore. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { count, desc, eq, ilike, or } from 'drizzle-orm';
import { ADMIN_LIST_PAGE_SIZE } from '#shared/constants.ts';
import { AppError } from '#shared/errors.ts';
import type { AuditAction } from '#shared/audit.ts';
import { AdminUsersQuerySchema, ChangeRoleSchema, SuspendSchema } from '#shared/schemas/admin-users.ts';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { assertNotLastSuperAdmin, issueUserToken } from '../../commands/accounts.ts';
import { audit } from '../../services/audit.ts';
import { verifyEmailMail } from '../../services/mail-templates.ts';
import type { UserRow } from '../../services/sessions.ts';

const idParams = z.object({ id: z.uuid('Not a valid id') });

function presentAdminUser(u: UserRow) {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    role: u.role,
    adminLevel: u.role === 'admin' ? u.adminLevel : null,
    emailVerified: u.emailVerifiedAt !== null,
    onboardingCompleted: u.onboardingCompletedAt !== null,
    status: u.status,
    createdAt: u.createdAt.toISOString(),
  };
}

/** Changes to a user, in one transaction with the audit entry; the last active super admin stays one. */
async function changeUser(
  db: Db,
  request: FastifyRequest,
  id: string,
  action: AuditAction,
  change: (before: UserRow) => Partial<UserRow>,
  reason?: string,
) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!before) throw new AppError('NOT_FOUND', 'No such user');
    const patch = change(before);
    const after = { ...before, ...patch };
    await assertNotLastSuperAdmin(
      tx as unknown as Db,
      before,
      after,
      'This is the last super admin; make someone else a super admin first',
    );
    const [updated] = await tx
      .update(users)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    // A change of privilege or a suspension ends the person's sessions: they sign in again under the new rules.
    await tx.delete(sessions).where(eq(sessions.userId, id));
    await audit(tx as unknown as Db, request, {
      action,
      targetType: 'user',
      targetId: id,
      before: presentAdminUser(before),
      after: { ...presentAdminUser(updated!), ...(reason ? { reason } : {}) },
    });
    return updated!;
  });
}

const adminUsers: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/users',
    { schema: { querystring: AdminUsersQuerySchema }, config: { access: { admin: 'manager' } } },
    async (request, reply) => {
      const { q, page } = request.query;
      const like = q ? `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : undefined;
      const where = like
        ? or(ilike(users.email, like), ilike(users.firstName, like), ilike(users.lastName, like))
        : undefined;
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(users)
          .where(where)
          .orderBy(desc(users.createdAt))
          .limit(ADMIN_LIST_PAGE_SIZE)
          .offset((page - 1) * ADMIN_LIST_PAGE_SIZE),
        app.db.select({ n: count() }).from(users).where(where),
      ]);
      return reply
        .headers({ 'cache-control': 'no-store', 'x-total-count': String(total?.n ?? 0) })
        .send(rows.map(presentAdminUser));
    },
  );

  app.patch(
    '/api/admin/users/:id/role',
    { schema: { params: idParams, body: ChangeRoleSchema }, config: { access: { admin: 'super_admin' } } },
    async (request, reply) => {
      const { role, adminLevel } = request.body;
      const updated = await changeUser(app.db, request, request.params.id, 'user.role', () => ({ role, adminLevel }));
      return reply.send(presentAdminUser(updated));
    },
  );

  app.post(
    '/api/admin/users/:id/suspend',
    { schema: { params: idParams, body: SuspendSchema }, config: { access: { admin: 'super_admin' } } },
    async (request, reply) => {
      if (request.params.id === request.user!.id) throw new AppError('CONFLICT', 'You cannot suspend your own account');
      const updated = await changeUser(
        app.db,
        request,
        request.params.id,
        'user.suspend',
        () => ({ status: 'suspended' }),
        request.body.reason,
      );
      return reply.send(presentAdminUser(updated));
    },
  );

  app.post(
    '/api/admin/users/:id/restore',
    { schema: { params: idParams }, config: { access: { admin: 'super_admin' } } },
    async (request, reply) => {
      const updated = await changeUser(app.db, request, request.params.id, 'user.restore', () => ({
        status: 'active',
      }));
      return reply.send(presentAdminUser(updated));
    },
  );

  app.post(
    '/api/admin/users/:id/resend-verification',
    {
      schema: { params: idParams },
      config: { access: { admin: 'super_admin' }, rateLimit: { max: 20, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      const [user] = await app.db.select().from(users).where(eq(users.id, request.params.id));
      if (!user) throw new AppError('NOT_FOUND', 'No such user');
      if (user.emailVerifiedAt) throw new AppError('CONFLICT', 'This email address is already confirmed');
      const token = await issueUserToken(app.db, app.config.sessionSecret, user.id, 'verify_email', app.clock.now());
      const { product } = (await app.campaigns.current()).content;
      await app.mailer.send(verifyEmailMail(product.name, user, `${app.config.publicUrl}/verify-email?token=${token}`));
      await audit(app.db, request, { action: 'user.resend_verification', targetType: 'user', targetId: user.id });
      return reply.status(204).send();
    },
  );
};
export default adminUsers;
