/** First-party analytics for admins: page views, visitors, top pages, the donation funnel, donations over time. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#shared/errors.ts';
import { centsToDecimal } from '#shared/money.ts';
import { analyticsReport } from '../../db/queries/analytics.ts';
import { fundraiserCampaign } from '../../db/queries/public-fundraisers.ts';
import { toCsv } from '../../services/csv.ts';

const MAX_RANGE_DAYS = 366;

const RangeSchema = z.strictObject({
  from: z.iso.date('from must be a date (YYYY-MM-DD)'),
  to: z.iso.date('to must be a date (YYYY-MM-DD)'),
  /** One patient's fundraiser by its address: its pages and its money only. */
  fundraiser: z.string().trim().min(1).max(200, 'fundraiser must be a fundraiser’s address').optional(),
});

const analytics: FastifyPluginAsyncZod = async (app) => {
  /** The report the query asks for: the whole site's, or one public fundraiser's (404 for any other address). */
  async function report({ from, to, fundraiser }: z.output<typeof RangeSchema>) {
    checkRange(from, to);
    if (fundraiser === undefined) return analyticsReport(app.db, from, to);
    const target = await fundraiserCampaign(app.db, fundraiser);
    if (!target) throw new AppError('NOT_FOUND', 'No such fundraiser');
    return analyticsReport(app.db, from, to, { slug: fundraiser, campaignId: target.campaignId });
  }

  function checkRange(from: string, to: string) {
    const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
    if (days < 0) throw new AppError('VALIDATION', 'from must be on or before to', 'from');
    if (days > MAX_RANGE_DAYS)
      throw new AppError('VALIDATION', `Choose a range of at most ${MAX_RANGE_DAYS} days`, 'to');
  }

  app.get(
    '/api/admin/analytics',
    { schema: { querystring: RangeSchema }, config: { access: { admin: 'manager' } } },
    async (request, reply) => {
      return reply.header('cache-control', 'no-store').send(await report(request.query));
    },
  );

  app.get(
    '/api/admin/analytics.csv',
    { schema: { querystring: RangeSchema }, config: { access: { admin: 'manager' } } },
    async (request, reply) => {
      const figures = await report(request.query);
      const views = new Map(figures.daily.map((d) => [String(d.day), d]));
      const gifts = new Map(figures.donationsDaily.map((d) => [String(d.day), d]));
      const days = [...new Set([...views.keys(), ...gifts.keys()])].sort();
      const csv = toCsv(
        ['day', 'page_views', 'unique_visitors', 'donations', 'donations_usd'],
        days.map((day) => [
          day,
          Number(views.get(day)?.views ?? 0),
          Number(views.get(day)?.visitors ?? 0),
          Number(gifts.get(day)?.donations ?? 0),
          centsToDecimal(Number(gifts.get(day)?.usd_cents ?? 0)),
        ]),
      );
      return reply
        .headers({
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="analytics.csv"',
          'cache-control': 'no-store',
        })
        .send(csv);
    },
  );
};
export default analytics;
