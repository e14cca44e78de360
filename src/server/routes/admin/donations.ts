/**
 * The admin donations panel: the password gate (step-up: a short window on the session, declared on each
 * route's access and checked by plugins/access.ts), recorded donations, open intents, recording, correcting,
 * voiding and refunding a donation, and the CSV exports.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '#shared/errors.ts';
import { centsToDecimal } from '#shared/money.ts';
import * as endpoints from '#shared/contract/admin.ts';
import {
  dismissIntent,
  editDonation,
  recordDonation,
  setDonationMessageHidden,
  voidDonation,
} from '../../commands/donations.ts';
import { refundDonation } from '../../commands/refunds.ts';
import { closeStepUp, openStepUp } from '../../commands/step-up.ts';
import {
  allDonations,
  allIntents,
  donationsPage,
  openIntentsPage,
  refundedByDonation,
  shownCampaign,
} from '../../db/queries/donations.ts';
import { toCsv } from '../../services/csv.ts';
import { presentDonation, presentDonationListItem, presentIntent } from '../../presenters/donation.ts';
import { ELEVATION_MS } from '../../plugins/access.ts';
import { confirmPassword } from '../../services/account-limits.ts';
import { route } from '../endpoint.ts';

/** The gate refuses a wrong password as a whole (403), not as a field error. */
const wrongGatePassword = () => new AppError('FORBIDDEN', 'Access Denied: Incorrect password.');

const adminDonations: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    endpoints.elevate,
    { config: { rateLimit: { max: 10, timeWindow: '15 minutes' } } },
    async (request, reply, { me }) => {
      await confirmPassword(app.accountLimits, me, request.body.password, reply, wrongGatePassword);
      const elevatedUntil = await request.run(openStepUp, request.session!.id, ELEVATION_MS);
      return reply.header('cache-control', 'no-store').send({ elevatedUntil: elevatedUntil.toISOString() });
    },
  );

  route(app, endpoints.dropElevation, {}, async (request, reply) => {
    await request.run(closeStepUp, request.session!.id);
    return reply.status(204).send();
  });

  /** The campaign a list asks for (id or slug; 404 if there is none), or null for every campaign. */
  async function listedCampaign(campaign: string | undefined) {
    if (!campaign) return null;
    const shown = await shownCampaign(app.db, campaign);
    if (!shown) throw new AppError('NOT_FOUND', 'No such campaign');
    return shown;
  }

  route(app, endpoints.donations, {}, async (request, reply) => {
    const campaign = await listedCampaign(request.query.campaign);
    const page = await donationsPage(app.db, request.query.page, (row) => row, campaign?.id);
    const refunded = await refundedByDonation(
      app.db,
      page.items.map((r) => r.donation.id),
    );
    const items = page.items.map((row) => presentDonationListItem(row, refunded.get(row.donation.id) ?? 0));
    return reply.header('cache-control', 'no-store').send({ ...page, items, campaign });
  });

  route(app, endpoints.intents, {}, async (request, reply) => {
    const campaign = await listedCampaign(request.query.campaign);
    const page = await openIntentsPage(app.db, request.query.page, presentIntent, campaign?.id);
    return reply.header('cache-control', 'no-store').send({ ...page, campaign });
  });

  route(app, endpoints.recordDonation, {}, async (request, reply) => {
    // The campaign the body or its intent names, else the main appeal (the spec's form names none).
    const row = await request.run(recordDonation, await app.campaigns.mainAppeal(), request.body);
    return reply.status(201).send(presentDonation(row));
  });

  route(app, endpoints.editDonation, {}, async (request, reply, { viewer }) => {
    return reply.send(presentDonation(await request.run(editDonation, viewer, request.params.id, request.body)));
  });

  // Content moderation: a moderator may take a donor's message off the public pages (or put it back).
  route(app, endpoints.setDonationMessageHidden, {}, async (request, reply) => {
    const row = await request.run(setDonationMessageHidden, request.params.id, request.body.hidden);
    return reply.send({ messageHidden: row.messageHiddenAt !== null });
  });

  route(app, endpoints.voidDonation, {}, async (request, reply, { viewer }) => {
    await request.run(voidDonation, viewer, request.params.id, request.body);
    return reply.status(204).send();
  });

  route(app, endpoints.refundDonation, {}, async (request, reply, { viewer }) => {
    // The ledger refresh and the answer to the donor's request (if any) follow the commit.
    const result = await request.run(refundDonation, viewer, request.params.id, request.body);
    return reply.header('cache-control', 'no-store').send(result);
  });

  route(app, endpoints.donationsCsv, {}, async (_request, reply) => {
    const rows = await allDonations(app.db);
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
        'campaign',
      ],
      rows.map(({ donation: d, campaign }) => [
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
        campaign,
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

  route(app, endpoints.intentsCsv, {}, async (_request, reply) => {
    const rows = await allIntents(app.db);
    const csv = toCsv(
      ['id', 'created_at', 'amount', 'payment_method', 'message', 'status', 'campaign'],
      rows.map(({ intent: i, campaign }) => [
        i.id,
        i.createdAt.toISOString(),
        centsToDecimal(i.amountCents),
        i.paymentMethod,
        i.message,
        i.status,
        campaign,
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

  route(app, endpoints.deleteIntent, {}, async (request, reply) => {
    await request.run(dismissIntent, request.params.id);
    return reply.status(204).send();
  });
};
export default adminDonations;
