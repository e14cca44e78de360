/**
 * The admin donations panel: the password gate (a short elevation window on the session, checked here on
 * the server), recorded donations, open intents, and recording a donation.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { count, desc, eq, isNull } from 'drizzle-orm';
import { ADMIN_LIST_PAGE_SIZE } from '#shared/constants.ts';
import { AppError } from '#shared/errors.ts';
import { centsToDecimal, dollarsToCents, formatCents } from '#shared/money.ts';
import {
  AdminListQuerySchema,
  EditDonationSchema,
  ElevateSchema,
  RecordDonationSchema,
  VoidDonationSchema,
} from '#shared/schemas/admin-donations.ts';
import { donationIntents, donations, refundRequests, sessions } from '../../db/schema/index.ts';
import { dismissIntent, editDonation, recordDonation, voidDonation } from '../../commands/donations.ts';
import { refundDonation, refundedByDonation } from '../../commands/spending.ts';
import { RefundDonationSchema } from '#shared/schemas/spending.ts';
import { mailFailure } from '../../services/mail.ts';
import { refundRequestAnswerMail } from '../../services/mail-templates.ts';
import { mailImportant } from '../../services/notifications.ts';
import { toCsv } from '../../services/csv.ts';
import { presentDonation, presentIntent } from '../../presenters/donation.ts';
import { requireUser } from '../../plugins/auth.ts';
import { confirmPassword } from '../../services/account-limits.ts';

/** How long the re-entered password keeps the panel open. */
export const ELEVATION_MS = 15 * 60 * 1000;
const manager = { admin: 'manager' } as const;

const adminDonations: FastifyPluginAsyncZod = async (app) => {
  function requireElevated(request: FastifyRequest) {
    const until = request.session?.elevatedUntil;
    if (!until || until.getTime() <= app.clock.now().getTime()) {
      throw new AppError('FORBIDDEN', 'Re-enter your password to open the donations panel');
    }
  }

  app.post(
    '/api/admin/elevate',
    { schema: { body: ElevateSchema }, config: { access: manager, rateLimit: { max: 10, timeWindow: '15 minutes' } } },
    async (request, reply) => {
      const me = requireUser(request);
      await confirmPassword(
        app.accountLimits,
        me,
        request.body.password,
        reply,
        () => new AppError('FORBIDDEN', 'Access Denied: Incorrect password.'),
      );
      const elevatedUntil = new Date(app.clock.now().getTime() + ELEVATION_MS);
      await app.db.update(sessions).set({ elevatedUntil }).where(eq(sessions.id, request.session!.id));
      return reply.header('cache-control', 'no-store').send({ elevatedUntil: elevatedUntil.toISOString() });
    },
  );

  app.delete('/api/admin/elevate', { config: { access: manager } }, async (request, reply) => {
    await app.db.update(sessions).set({ elevatedUntil: null }).where(eq(sessions.id, request.session!.id));
    return reply.status(204).send();
  });

  app.get(
    '/api/admin/donations',
    { schema: { querystring: AdminListQuerySchema }, config: { access: manager } },
    async (request, reply) => {
      requireElevated(request);
      const live = isNull(donations.voidedAt);
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(donations)
          .where(live)
          .orderBy(desc(donations.createdAt))
          .limit(ADMIN_LIST_PAGE_SIZE)
          .offset((request.query.page - 1) * ADMIN_LIST_PAGE_SIZE),
        app.db.select({ n: count() }).from(donations).where(live),
      ]);
      const refunded = await refundedByDonation(
        app.db,
        rows.map((r) => r.id),
      );
      return reply
        .headers({ 'cache-control': 'no-store', 'x-total-count': String(total?.n ?? 0) })
        .send(rows.map((row) => ({ ...presentDonation(row), refundedCents: refunded.get(row.id) ?? 0 })));
    },
  );

  app.get(
    '/api/admin/donation-intents',
    { schema: { querystring: AdminListQuerySchema }, config: { access: manager } },
    async (request, reply) => {
      requireElevated(request);
      const open = eq(donationIntents.status, 'open');
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(donationIntents)
          .where(open)
          .orderBy(desc(donationIntents.createdAt))
          .limit(ADMIN_LIST_PAGE_SIZE)
          .offset((request.query.page - 1) * ADMIN_LIST_PAGE_SIZE),
        app.db.select({ n: count() }).from(donationIntents).where(open),
      ]);
      return reply
        .headers({ 'cache-control': 'no-store', 'x-total-count': String(total?.n ?? 0) })
        .send(rows.map(presentIntent));
    },
  );

  app.post(
    '/api/admin/add-donation',
    { schema: { body: RecordDonationSchema }, config: { access: manager } },
    async (request, reply) => {
      requireElevated(request);
      const campaign = await app.campaigns.current();
      const { donation: row, notified } = await recordDonation(app.db, request, campaign, request.body);
      // This instance shows it at once; the others within their one-second cache.
      app.campaigns.invalidate();
      app.ledgers.invalidate();
      await mailImportant(app, request, notified);
      return reply.status(201).send(presentDonation(row));
    },
  );

  const idParams = z.object({ id: z.uuid('Not a valid id') });

  app.patch(
    '/api/admin/donations/:id',
    { schema: { params: idParams, body: EditDonationSchema }, config: { access: manager } },
    async (request, reply) => {
      requireElevated(request);
      return reply.send(presentDonation(await editDonation(app.db, request, request.params.id, request.body)));
    },
  );

  app.post(
    '/api/admin/donations/:id/void',
    { schema: { params: idParams, body: VoidDonationSchema }, config: { access: manager } },
    async (request, reply) => {
      requireElevated(request);
      await voidDonation(app.db, request, request.params.id, request.body.reason, app.clock.now());
      app.campaigns.invalidate();
      app.ledgers.invalidate();
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/admin/donations/:id/refund',
    { schema: { params: idParams, body: RefundDonationSchema }, config: { access: manager } },
    async (request, reply) => {
      requireElevated(request);
      const result = await refundDonation(app.db, request, request.params.id, request.body, app.clock.now());
      app.ledgers.invalidate();
      if (request.body.refundRequestId) {
        const [asked] = await app.db
          .select()
          .from(refundRequests)
          .where(eq(refundRequests.id, request.body.refundRequestId));
        const { product } = (await app.campaigns.current()).content;
        await app.mailer
          .send(
            refundRequestAnswerMail(product.name, asked!, formatCents(dollarsToCents(request.body.amount)!), {
              refunded: true,
            }),
          )
          .catch((err: unknown) => request.log.error({ mail: mailFailure(err) }, 'refund answer not sent'));
      }
      return reply.header('cache-control', 'no-store').send(result);
    },
  );

  app.get('/api/admin/donations.csv', { config: { access: manager } }, async (request, reply) => {
    requireElevated(request);
    const rows = await app.db.select().from(donations).orderBy(desc(donations.createdAt));
    const csv = toCsv(
      [
        'id',
        'created_at',
        'amount',
        'currency',
        'usd_amount',
        'payment_method',
        'donor_name',
        'anonymous',
        'message',
        'reference',
        'intent_id',
        'voided_at',
      ],
      rows.map((d) => [
        d.id,
        d.createdAt.toISOString(),
        centsToDecimal(d.amountCents),
        d.currency,
        centsToDecimal(d.usdCents),
        d.paymentMethod,
        d.isAnonymous ? null : d.donorName,
        d.isAnonymous,
        d.message,
        d.externalReference,
        d.intentId,
        d.voidedAt?.toISOString(),
      ]),
    );
    return reply
      .headers({
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="donations.csv"',
        'cache-control': 'no-store',
      })
      .send(csv);
  });

  app.get('/api/admin/donation-intents.csv', { config: { access: manager } }, async (request, reply) => {
    requireElevated(request);
    const rows = await app.db.select().from(donationIntents).orderBy(desc(donationIntents.createdAt));
    const csv = toCsv(
      ['id', 'created_at', 'amount', 'payment_method', 'message', 'status'],
      rows.map((i) => [
        i.id,
        i.createdAt.toISOString(),
        centsToDecimal(i.amountCents),
        i.paymentMethod,
        i.message,
        i.status,
      ]),
    );
    return reply
      .headers({
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="donation-intents.csv"',
        'cache-control': 'no-store',
      })
      .send(csv);
  });

  app.delete(
    '/api/admin/donation-intents/:id',
    { schema: { params: z.object({ id: z.uuid('Not a valid id') }) }, config: { access: manager } },
    async (request, reply) => {
      requireElevated(request);
      await dismissIntent(app.db, request, request.params.id);
      return reply.status(204).send();
    },
  );
};
export default adminDonations;
