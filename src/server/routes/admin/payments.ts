/**
 * The managers' Payments page (issue 36): each processor's state, the reconciliation inbox and its decisions, and
 * statement imports (a preview that writes nothing, then the import). Recording money needs the step-up, as every
 * money move does; reading and marking a row as no gift do not.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import * as endpoints from '#shared/contract/payments.ts';
import { AppError } from '#shared/errors.ts';
import {
  GIFT_CAMPAIGNS_SHOWN,
  PAYMENT_SOURCE_NAMES,
  type PaymentSource,
  type StatementQuery,
} from '#shared/schemas/payments.ts';
import {
  joinPayments,
  markNotGift,
  recordPaymentByHand,
  saveStatementMapping,
  splitPayment,
} from '../../commands/payment-decisions.ts';
import { importStatement } from '../../commands/statement-import.ts';
import {
  giftCampaigns,
  inboxAges,
  inboxPage,
  previewStatement,
  processorStates,
  recentImports,
  savedMapping,
} from '../../db/queries/payments.ts';
import { presentGiftCampaign, presentInboxPayment, presentProcessors } from '../../presenters/payments.ts';
import { readStatement, StatementError, type StatementFormat } from '../../services/payments/statements.ts';
import { route } from '../endpoint.ts';

/** A year of a busy PayPal account's activity is a few megabytes; far more is not a statement. */
export const STATEMENT_MAX_BYTES = 50 * 1024 * 1024;

const adminPayments: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: STATEMENT_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
  route(app, endpoints.overview, {}, async (_request, reply) => {
    const [processors, inbox, imports] = await Promise.all([
      processorStates(app.db),
      inboxAges(app.db, app.clock.now()),
      recentImports(app.db),
    ]);
    return reply.header('cache-control', 'no-store').send({
      processors: presentProcessors(
        processors,
        (processor) => processor in app.config.webhookSecrets,
        app.config.publicUrl,
      ),
      inbox,
      imports: imports.map((i) => ({
        id: i.id,
        source: i.source as PaymentSource,
        fileName: i.fileName,
        rowCount: i.rowCount,
        createdAt: i.createdAt.toISOString(),
      })),
    });
  });

  route(app, endpoints.inbox, {}, async (request, reply) => {
    const page = await inboxPage(
      app.db,
      request.query.page,
      (source) => PAYMENT_SOURCE_NAMES[source as PaymentSource] ?? source,
      presentInboxPayment,
    );
    return reply.header('cache-control', 'no-store').send(page);
  });

  // The inbox's campaign chooser: a search by name, since there may be thousands of fundraisers.
  route(app, endpoints.giftCampaigns, {}, async (request, reply) => {
    const { rows, more } = await giftCampaigns(app.db, request.query.q, GIFT_CAMPAIGNS_SHOWN);
    return reply.header('cache-control', 'no-store').send({ items: rows.map(presentGiftCampaign), more });
  });

  route(app, endpoints.record, {}, async (request, reply) => {
    const gift = await request.run(recordPaymentByHand, request.params.id, request.body);
    return reply.status(201).send({ donationId: gift.id });
  });

  route(app, endpoints.join, {}, async (request, reply) => {
    const gift = await request.run(joinPayments, request.body);
    return reply.status(201).send({ donationId: gift.id });
  });

  route(app, endpoints.split, {}, async (request, reply) => {
    const gifts = await request.run(splitPayment, request.params.id, request.body);
    return reply.status(201).send({ donationIds: gifts.map((g) => g.donationId) });
  });

  route(app, endpoints.notGift, {}, async (request, reply) => {
    await request.run(markNotGift, request.params.id, request.body);
    return reply.status(204).send();
  });

  route(app, endpoints.mapping, {}, async (request, reply) => {
    const mapping = await savedMapping(app.db, request.params.source);
    if (!mapping) throw new AppError('NOT_FOUND', 'No mapping saved for this source yet');
    return reply.send(mapping);
  });

  route(app, endpoints.saveMapping, {}, async (request, reply) => {
    await request.run(saveStatementMapping, request.params.source, request.body);
    return reply.status(204).send();
  });

  /** How to read this upload's statement: its source's export, or the mapping saved for the source. */
  async function formatOf(query: StatementQuery): Promise<StatementFormat> {
    const dayFirst = query.dayFirst === 'true';
    if (query.format === 'custom') {
      const mapping = await savedMapping(app.db, query.source);
      if (!mapping)
        throw new AppError('VALIDATION', `Save a column mapping for ${PAYMENT_SOURCE_NAMES[query.source]} first`);
      return { kind: 'custom', mapping };
    }
    if (query.format === 'venmo') return { kind: 'venmo' };
    return { kind: query.format, dayFirst };
  }

  /**
   * The statement's rows, read as the file streams in (never whole in memory), and its name. A bad line, a file over
   * the limit or a broken upload is a 4xx naming it; whatever reads the rows then stores nothing.
   */
  async function withStatement<T>(
    request: FastifyRequest,
    query: StatementQuery,
    readRows: (rows: ReturnType<typeof readStatement>, fileName: string) => Promise<T>,
  ): Promise<T> {
    if (!request.isMultipart())
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the statement as multipart/form-data');
    const format = await formatOf(query);
    let file;
    try {
      file = await request.file({ limits: { fileSize: STATEMENT_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
    } catch (err) {
      throw statementUploadError(err);
    }
    if (!file || file.fieldname !== 'statement')
      throw new AppError('VALIDATION', 'Send the statement as a file in the form field "statement"', 'statement');
    try {
      return await readRows(readStatement(file.file, format, query.source), file.filename);
    } catch (err) {
      throw statementUploadError(err);
    }
  }

  route(app, endpoints.previewStatement, {}, async (request, reply) => {
    const preview = await withStatement(request, request.query, (rows) =>
      previewStatement(app.db, request.query.source, rows),
    );
    return reply.header('cache-control', 'no-store').send({
      rows: preview.rows,
      counts: preview.counts,
      sample: preview.sample.map(({ line, fate, movement }) => ({
        line,
        fate,
        kind: movement.kind,
        amount: { cents: movement.amountCents, currency: movement.currency },
        feeCents: movement.feeCents,
        occurredAt: movement.occurredAt.toISOString(),
        reference: movement.reference,
        payerName: movement.payerName,
      })),
    });
  });

  route(app, endpoints.importStatement, {}, async (request, reply) => {
    const outcome = await withStatement(request, request.query, (rows, fileName) =>
      request.run(importStatement, request.query.source, fileName, rows),
    );
    return reply.status(201).send(outcome);
  });
};
export default adminPayments;

/** A statement that cannot be read, as the 4xx its manager acts on. */
function statementUploadError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  if (err instanceof StatementError) return new AppError('VALIDATION', err.message, 'statement');
  const code = (err as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('PAYLOAD_TOO_LARGE', `A statement may be at most ${STATEMENT_MAX_BYTES / 1024 / 1024} MB`);
  if (typeof code === 'string' && code.startsWith('FST_'))
    return new AppError('VALIDATION', 'Send one statement file and nothing else, in the form field "statement"');
  return err;
}
