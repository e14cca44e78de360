/** First-party analytics for admins: page views, visitors, top pages, the donation funnel, donations over time. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import * as endpoints from '#shared/contract/admin.ts';
import { AppError } from '#shared/errors.ts';
import type { AnalyticsRangeSchema } from '#shared/schemas/analytics.ts';
import { centsToDecimal } from '#shared/money.ts';
import { analyticsReport } from '../../db/queries/analytics.ts';
import { fundraiserCampaign } from '../../db/queries/public-fundraisers.ts';
import { toCsv } from '../../services/csv.ts';
import { route } from '../endpoint.ts';

const MAX_RANGE_DAYS = 366;

const analytics: FastifyPluginAsyncZod = async (app) => {
  /** The report the query asks for: the whole site's, or one public fundraiser's (404 for any other address). */
  async function report({ from, to, fundraiser }: z.output<typeof AnalyticsRangeSchema>) {
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

  route(app, endpoints.analytics, {}, async (request, reply) => {
    return reply.header('cache-control', 'no-store').send(await report(request.query));
  });

  route(app, endpoints.analyticsCsv, {}, async (request, reply) => {
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
  });
};
export default analytics;
