/** The database handle and the services built on it, decorated onto the app. */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { backgroundMailSent } from '../commands/run.ts';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import { createAnalyticsService, type AnalyticsService } from '../services/analytics.ts';
import { createCampaignService, type CampaignService } from '../services/campaign.ts';
import { loadExamples, type Examples } from '../services/example-content.ts';
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
    /** The seed's example details: the checklist, and what production shows without them. */
    examples: Examples;
  }
}

export interface DbPluginOptions {
  config: Config;
  database: Database;
  /** Replace the mailer (tests). */
  mailer?: Mailer;
}

/** An operator reads at start which details are still the seed's examples (hidden from donors until replaced). */
async function warnOfPlaceholders(app: FastifyInstance) {
  const campaign = await app.campaigns.mainAppeal().catch(() => null);
  const details = campaign ? app.examples.details(campaign.content) : [];
  if (details.length > 0)
    app.log.warn(
      { placeholders: details.map((d) => d.field) },
      'not ready to take gifts: these campaign details are still examples; the public pages leave them out (and the ways to give that use them) until they are replaced in the campaign editor',
    );
}

export default fp<DbPluginOptions>(
  async (app, { config, database, mailer }) => {
    app.decorate('config', config);
    app.decorate('database', database);
    app.decorate('db', database.db);
    app.decorate(
      'mailer',
      mailer ??
        createMailer({
          smtpUrl: config.smtpUrl,
          from: config.mailFrom,
          timeoutSeconds: config.mailTimeoutSeconds,
          db: database.db,
          log: app.log,
          env: config.env,
        }),
    );
    app.decorate('campaigns', createCampaignService(database.db));
    app.decorate('ledgers', createLedgerService(database.db));
    app.decorate('analytics', createAnalyticsService(database.db));
    app.decorate(
      'examples',
      await loadExamples({ production: config.env === 'production', publicUrl: config.publicUrl }),
    );
    // Read the totals once the instance is ready: while the database is unreachable, progress is answered from
    // the last read, and an instance started just before an outage (it has served nobody yet) has one too.
    app.addHook('onReady', async () => {
      await app.campaigns.rememberTotals().catch(() => {});
      if (app.config.env === 'production') await warnOfPlaceholders(app);
    });
    app.addHook('onClose', async () => {
      // Mail already promised (confirmations, updates) goes before the mailer and the database close.
      await backgroundMailSent();
      app.mailer.close();
    });
  },
  { name: 'db' },
);
