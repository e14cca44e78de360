/** The admin dashboard's figures, the contact inbox, and the audit log viewer. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, asc, count, desc, eq, gte, isNull, min, sum, type SQL } from 'drizzle-orm';
import { ADMIN_LIST_PAGE_SIZE } from '#shared/constants.ts';
import { AppError } from '#shared/errors.ts';
import { AdminListQuerySchema } from '#shared/schemas/admin-donations.ts';
import {
  auditLog,
  contactMessages,
  doctorProfiles,
  donationIntents,
  donations,
  stories,
  users,
} from '../../db/schema/index.ts';
import { audit } from '../../services/audit.ts';
import type { Db } from '../../db/client.ts';
import { isAdmin } from '../../plugins/auth.ts';
import type { DashboardFigures, DashboardMoney, DashboardQueues } from '#shared/schemas/admin-dashboard.ts';

const page = (n: number) => ({ limit: ADMIN_LIST_PAGE_SIZE, offset: (n - 1) * ADMIN_LIST_PAGE_SIZE });

/** Raised today and in all, donors, and the open intents with the oldest's time. */
async function moneyFigures(db: Db, now: Date): Promise<DashboardMoney> {
  const startOfDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const live = isNull(donations.voidedAt);
  const [[total], [today], [intents]] = await Promise.all([
    db
      .select({ cents: sum(donations.usdCents), n: count() })
      .from(donations)
      .where(live),
    db
      .select({ cents: sum(donations.usdCents) })
      .from(donations)
      .where(and(live, gte(donations.createdAt, startOfDay))),
    db
      .select({ n: count(), oldest: min(donationIntents.createdAt) })
      .from(donationIntents)
      .where(eq(donationIntents.status, 'open')),
  ]);
  return {
    totalRaisedCents: Number(total?.cents ?? 0),
    todayRaisedCents: Number(today?.cents ?? 0),
    donorCount: total?.n ?? 0,
    openIntents: intents?.n ?? 0,
    oldestOpenIntentAt: intents?.oldest ? new Date(intents.oldest).toISOString() : null,
  };
}

const operations: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/dashboard', { config: { access: { admin: 'moderator' } } }, async (request, reply) => {
    const [[doctors], [messages], [pendingStories]] = await Promise.all([
      app.db.select({ n: count() }).from(doctorProfiles).where(eq(doctorProfiles.verificationStatus, 'pending')),
      app.db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.status, 'new')),
      app.db
        .select({ n: count(), oldest: min(stories.submittedAt) })
        .from(stories)
        .where(eq(stories.status, 'pending')),
    ]);
    const queues: DashboardQueues = {
      pendingDoctorVerifications: doctors?.n ?? 0,
      newContactMessages: messages?.n ?? 0,
      pendingStories: pendingStories?.n ?? 0,
      oldestPendingStoryAt: pendingStories?.oldest ? new Date(pendingStories.oldest).toISOString() : null,
    };
    // Money is for managers and up: a moderator's answer holds no amounts, donors or intents.
    const figures: DashboardFigures = isAdmin(request, 'manager')
      ? { ...queues, ...(await moneyFigures(app.db, app.clock.now())) }
      : queues;
    return reply.header('cache-control', 'no-store').send(figures);
  });

  app.get(
    '/api/admin/contact-messages',
    {
      schema: {
        querystring: AdminListQuerySchema.extend({
          status: z.enum(['new', 'handled'], { error: 'status must be new or handled' }).optional(),
        }),
      },
      config: { access: { admin: 'moderator' } },
    },
    async (request, reply) => {
      const where = request.query.status ? eq(contactMessages.status, request.query.status) : undefined;
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(contactMessages)
          .where(where)
          .orderBy(asc(contactMessages.status), desc(contactMessages.createdAt))
          .limit(page(request.query.page).limit)
          .offset(page(request.query.page).offset),
        app.db.select({ n: count() }).from(contactMessages).where(where),
      ]);
      return reply
        .headers({ 'cache-control': 'no-store', 'x-total-count': String(total?.n ?? 0) })
        .send(rows.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })));
    },
  );

  app.post(
    '/api/admin/contact-messages/:id/handled',
    { schema: { params: z.object({ id: z.uuid('Not a valid id') }) }, config: { access: { admin: 'moderator' } } },
    async (request, reply) => {
      await app.db.transaction(async (tx) => {
        const [before] = await tx.select().from(contactMessages).where(eq(contactMessages.id, request.params.id));
        if (!before) throw new AppError('NOT_FOUND', 'No such message');
        await tx.update(contactMessages).set({ status: 'handled' }).where(eq(contactMessages.id, before.id));
        await audit(tx as never, request, {
          action: 'contact.handled',
          targetType: 'contact_message',
          targetId: before.id,
          before: { status: before.status },
          after: { status: 'handled' },
        });
      });
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/admin/audit-log',
    {
      schema: {
        querystring: AdminListQuerySchema.extend({
          action: z.string().max(100).optional(),
          targetType: z.string().max(100).optional(),
          actorId: z.uuid('Not a valid id').optional(),
        }),
      },
      config: { access: { admin: 'manager' } },
    },
    async (request, reply) => {
      const { action, targetType, actorId } = request.query;
      const filters: SQL[] = [];
      if (action) filters.push(eq(auditLog.action, action));
      if (targetType) filters.push(eq(auditLog.targetType, targetType));
      if (actorId) filters.push(eq(auditLog.actorId, actorId));
      const where = filters.length ? and(...filters) : undefined;
      const [rows, [total]] = await Promise.all([
        // An allow-list of columns, with the actor's email (null once their account is deleted).
        app.db
          .select({
            id: auditLog.id,
            actorId: auditLog.actorId,
            actorEmail: users.email,
            action: auditLog.action,
            targetType: auditLog.targetType,
            targetId: auditLog.targetId,
            before: auditLog.before,
            after: auditLog.after,
            ip: auditLog.ip,
            createdAt: auditLog.createdAt,
          })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .where(where)
          .orderBy(desc(auditLog.id))
          .limit(page(request.query.page).limit)
          .offset(page(request.query.page).offset),
        app.db.select({ n: count() }).from(auditLog).where(where),
      ]);
      return reply
        .headers({ 'cache-control': 'no-store', 'x-total-count': String(total?.n ?? 0) })
        .send(rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })));
    },
  );
};
export default operations;
