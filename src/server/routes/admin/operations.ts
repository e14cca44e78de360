/** The admin dashboard's figures, the contact inbox, the audit log viewer, and mail the site could not deliver. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as endpoints from '#shared/contract/admin.ts';
import type { DashboardFigures } from '#shared/schemas/admin-dashboard.ts';
import type { AuditEntry } from '#shared/schemas/audit-log.ts';
import type { ContactMessageView } from '#shared/schemas/contact.ts';
import { MAIL_KINDS, type MailFailure, type MailKind } from '#shared/schemas/mail-failures.ts';
import { markContactHandled, retryFailedMail } from '../../commands/operations.ts';
import { failedMailPage, type MailFailureRow } from '../../db/queries/mail-failures.ts';
import { auditLogPage, type AuditEntryRow } from '../../db/queries/audit.ts';
import {
  contactMessagesPage,
  dashboardMoney,
  dashboardQueues,
  type ContactMessageRow,
} from '../../db/queries/operations.ts';
import { isAdminAtLeast } from '../../policies/viewer.ts';
import { route } from '../endpoint.ts';

const noStore = { 'cache-control': 'no-store' };

function presentContactMessage(m: ContactMessageRow): ContactMessageView {
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    subject: m.subject,
    message: m.message,
    status: m.status,
    createdAt: m.createdAt.toISOString(),
  };
}

function presentMailFailure(r: MailFailureRow): MailFailure {
  return {
    id: r.id,
    queue: r.queue,
    kind: r.kind,
    what: MAIL_KINDS[r.kind as MailKind] ?? 'Mail',
    firstTriedAt: r.queuedAt.toISOString(),
    failedAt: r.failedAt.toISOString(),
    tries: r.tries,
    reason: r.reason,
  };
}

function presentAuditEntry(r: AuditEntryRow): AuditEntry {
  return { ...r, createdAt: r.createdAt.toISOString() };
}

const operations: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.dashboard, {}, async (_request, reply, { viewer }) => {
    const campaign = await app.campaigns.mainAppeal();
    const queues = { ...(await dashboardQueues(app.db)), notReady: app.examples.details(campaign.content) };
    // Money is for managers and up: a moderator's answer holds no amounts, donors or intents.
    const figures: DashboardFigures = isAdminAtLeast(viewer, 'manager')
      ? { ...queues, ...(await dashboardMoney(app.db, app.clock.now())) }
      : queues;
    return reply.headers(noStore).send(figures);
  });

  route(app, endpoints.contactMessages, {}, async (request, reply) =>
    reply.headers(noStore).send(await contactMessagesPage(app.db, request.query, presentContactMessage)),
  );

  route(app, endpoints.markContactHandled, {}, async (request, reply) => {
    await request.run(markContactHandled, request.params.id);
    return reply.status(204).send();
  });

  // Mail is the operator's: what failed and a retry, for super admins (never an address or a word of the mail).
  route(app, endpoints.mailFailures, {}, async (request, reply) =>
    reply.headers(noStore).send(await failedMailPage(app.db, request.query.page, presentMailFailure)),
  );

  route(app, endpoints.retryMail, {}, async (request, reply) => {
    await request.run(retryFailedMail, app.jobs, request.body.queue, request.params.id);
    return reply.status(204).send();
  });

  route(app, endpoints.auditLog, {}, async (request, reply) =>
    reply.headers(noStore).send(await auditLogPage(app.db, request.query, presentAuditEntry)),
  );
};
export default operations;
