/** The database handle and the services built on it, decorated onto the app. */
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import { createAnalyticsService, type AnalyticsService } from '../services/analytics.ts';
import { createCampaignService, type CampaignService } from '../services/campaign.ts';
import { createLedgerService, type LedgerService } from '../services/ledger.ts';
import { createMailer, type Mailer } from '../services/mail.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    mailer: Mailer;
    campaigns: CampaignService;
    ledgers: LedgerService;
    analytics: AnalyticsService;
  }
}

export interface DbPluginOptions {
  config: Config;
  database: Database;
  /** Replace the mailer (tests). */
  mailer?: Mailer;
}

export default fp<DbPluginOptions>(
  async (app, { config, database, mailer }) => {
    app.decorate('config', config);
    app.decorate('database', database);
    app.decorate('db', database.db);
    app.decorate(
      'mailer',
      mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, log: app.log }),
    );
    app.decorate('campaigns', createCampaignService(database.db));
    app.decorate('ledgers', createLedgerService(database.db));
    app.decorate('analytics', createAnalyticsService(database.db));
    // Read the totals once the instance is ready: while the database is unreachable, progress is answered from
    // the last read, and an instance started just before an outage (it has served nobody yet) has one too.
    app.addHook('onReady', async () => {
      await app.campaigns.rememberTotals().catch(() => {});
    });
    app.addHook('onClose', async () => app.mailer.close());
  },
  { name: 'db' },
);
