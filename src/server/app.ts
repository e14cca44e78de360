/** Builds the Fastify app (tests inject into it); index.ts makes it listen. */
import compress from '@fastify/compress';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { logApiRoutes, loggerOptions, requestIdGenerator, requestLogController } from './logging.ts';
import type { Database } from './db/client.ts';
import type { Mailer } from './services/mail.ts';
import dbPlugin from './plugins/db.ts';
import errorsPlugin, { clientErrorHandler, frameworkErrors } from './plugins/errors.ts';
import rateLimitPlugin from './plugins/rate-limit.ts';
import authPlugin from './plugins/auth.ts';
import accessPlugin from './plugins/access.ts';
import contractPlugin from './plugins/contract.ts';
import { responseSerializerCompiler } from './plugins/serializer.ts';
import commandsPlugin from './plugins/commands.ts';
import changesPlugin from './plugins/changes.ts';
import jobsPlugin from './plugins/jobs.ts';
import metricsPlugin from './plugins/metrics.ts';
import lifecyclePlugin from './plugins/lifecycle.ts';
import type { Clock } from './services/clock.ts';
import type { AltchaDifficulty } from './services/altcha.ts';
import { CLIENT_DIST_DIR } from './paths.ts';
import clientPlugin from './plugins/client.ts';
import assetsPlugin, { ASSETS_PREFIX } from './plugins/assets.ts';
import sitePagesPlugin from './plugins/site-pages.ts';
import healthRoutes from './routes/health/health.ts';
import campaignRoutes from './routes/campaign/campaign.ts';
import campaignFollowRoutes from './routes/campaign/follow.ts';
import adminCampaignRoutes from './routes/admin/campaign.ts';
import donationRoutes from './routes/donations/donations.ts';
import webhookRoutes from './routes/payments/webhooks.ts';
import adminPaymentRoutes from './routes/admin/payments.ts';
import type { PaypalCertificateOptions } from './services/payments/paypal-certificates.ts';
import contactRoutes from './routes/contact/contact.ts';
import eventRoutes from './routes/events/events.ts';
import clientErrorRoutes from './routes/client-errors/client-errors.ts';
import authRoutes from './routes/auth/auth.ts';
import userRoutes from './routes/user/user.ts';
import twoFactorRoutes from './routes/user/two-factor.ts';
import passkeyRoutes from './routes/auth/passkeys.ts';
import healthDataConsentRoutes from './routes/user/health-data-consents.ts';
import carePlanRoutes from './routes/care-plans/care-plans.ts';
import fieldVisibilityRoutes from './routes/user/field-visibility.ts';
import memberRoutes from './routes/members/members.ts';
import notificationRoutes from './routes/notifications/notifications.ts';
import adminInviteRoutes from './routes/admin/invites.ts';
import uploadRoutes from './routes/uploads/uploads.ts';
import adminDonationRoutes from './routes/admin/donations.ts';
import adminOperationRoutes from './routes/admin/operations.ts';
import adminUserRoutes from './routes/admin/users.ts';
import adminAnalyticsRoutes from './routes/admin/analytics.ts';
import doctorRoutes from './routes/doctors/doctors.ts';
import adminDoctorRoutes from './routes/admin/doctors.ts';
import storyRoutes from './routes/stories/stories.ts';
import fundraiserRoutes from './routes/fundraisers/fundraisers.ts';
import publicFundraiserRoutes from './routes/fundraisers/public.ts';
import medicalReviewRoutes from './routes/medical-reviews/medical-reviews.ts';
import sitemapRoutes from './routes/site/sitemap.ts';
import adminFundraiserRoutes from './routes/admin/fundraisers.ts';
import adminStoryRoutes from './routes/admin/stories.ts';
import spendingRoutes from './routes/spending/spending.ts';
import adminExpenseRoutes from './routes/admin/expenses.ts';
import { BOOT_SCRIPT_HASH } from './services/site-pages.ts';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  mailer?: Mailer;
  /** Replace the clock (tests of timeouts and expiry). */
  clock?: Clock;
  /** Tests only: a cheaper human check (the default is altcha-lib's recommended level). */
  altchaDifficulty?: AltchaDifficulty;
  /** Serve the built client from this directory; false for API-only. */
  clientDir?: string | false;
  logger?: FastifyServerOptions['logger'];
  /** Tests only: PayPal's certificates from a test authority instead of PayPal's own (no network). */
  paypalCertificates?: PaypalCertificateOptions;
}

/**
 * JSON answers and the build's scripts and styles need only these; the full helmet set (CSP and friends) governs
 * documents: pages. Helmet's per-request work was half the cost of the hottest endpoint, GET
 * /api/fundraising/progress, and its headers weighed more than many of a page's scripts.
 */
const SMALL_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
} as const;

/** The click-to-load video's origin: the only one pages frame, and the only one given the features it needs. */
const VIDEO_ORIGIN = 'https://www.youtube-nocookie.com';

/**
 * Pages deny every powerful feature the site does not use, and keep passkeys to their own documents; the video (its iframe's `allow` names what it asks
 * for) keeps autoplay, full screen, encrypted media and picture-in-picture. Only features Chromium knows are
 * listed: an unknown one (such as the retired interest-cohort) is reported as an error in every page's console.
 */
export const PAGE_PERMISSIONS_POLICY = [
  ...[
    'accelerometer',
    'browsing-topics',
    'camera',
    'display-capture',
    'geolocation',
    'gyroscope',
    'hid',
    'magnetometer',
    'microphone',
    'midi',
    'payment',
    'screen-wake-lock',
    'serial',
    'usb',
    'xr-spatial-tracking',
  ].map((feature) => `${feature}=()`),
  ...['autoplay', 'encrypted-media', 'fullscreen', 'picture-in-picture'].map(
    (feature) => `${feature}=(self "${VIDEO_ORIGIN}")`,
  ),
  // Passkeys (decision 016): the site's own pages sign in and add them; no frame may.
  'publickey-credentials-create=(self)',
  'publickey-credentials-get=(self)',
].join(', ');

/**
 * Every answer's request id; the small security header set on API answers and the build's assets; while draining, a
 * request to close the connection.
 */
function stampReply(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('x-request-id', request.id);
  if (request.url.startsWith('/api/') || request.url.startsWith(ASSETS_PREFIX)) reply.headers(SMALL_SECURITY_HEADERS);
  // Draining before a stop (shutdown.ts): keep-alive clients reconnect to another instance.
  if (request.server.lifecycle.draining) reply.header('connection', 'close');
}

function pageSecurityOptions(config: Config): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The pages' one inline script (it starts the others after the first paint).
        scriptSrc: ["'self'", BOOT_SCRIPT_HASH],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The video loads only after the visitor clicks its facade.
        frameSrc: [VIDEO_ORIGIN],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.env === 'production' ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Agrees with frame-ancestors 'none' (helmet's default is SAMEORIGIN) for browsers that read only this.
    frameguard: { action: 'deny' },
    hsts: config.env === 'production',
  };
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    logController: requestLogController(),
    // Fastify takes a hop count too; its types omit it.
    trustProxy: config.trustProxy as boolean | string[],
    bodyLimit: 64 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // A request still arriving when the server stops accepting (the drain ended) is answered, not refused:
    // the load balancer has stopped sending new ones by then (see shutdown.ts).
    return503OnClosing: false,
    // Not Fastify's requestIdHeader: it would take any incoming value unchecked.
    genReqId: requestIdGenerator(),
    // Bad %-escapes in the URL, and requests Node's HTTP parser refuses, get our error shape, not Fastify's own body.
    // These meet no hook: stamped here.
    frameworkErrors: (error, request, reply) => {
      stampReply(request, reply);
      frameworkErrors(error, request, reply);
    },
    clientErrorHandler,
  });

  app.setValidatorCompiler(validatorCompiler);
  // Answers are checked against their declarations everywhere but production (plugins/serializer.ts).
  const checkAnswers = config.env !== 'production';
  app.setSerializerCompiler(responseSerializerCompiler({ check: checkAnswers }));
  await app.register(contractPlugin, { check: checkAnswers });
  app.addHook('onRoute', logApiRoutes);
  // Set as the request arrives rather than in onSend, so error answers keep them too.
  app.addHook('onRequest', (request, reply, done) => {
    stampReply(request, reply);
    done();
  });
  await app.register(errorsPlugin);
  await app.register(lifecyclePlugin);
  // Answers of a kilobyte or more (lists, exports) go compressed when the client accepts it; smaller ones cost
  // more to compress than they save. Pages and assets are compressed at build and render time, and skipped.
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
  });
  await app.register(dbPlugin, {
    config,
    database: options.database,
    ...(options.mailer ? { mailer: options.mailer } : {}),
  });
  // Before every route, so each one's requests are timed.
  await app.register(metricsPlugin);
  await app.register(rateLimitPlugin);
  await app.register(authPlugin, {
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.altchaDifficulty ? { altchaDifficulty: options.altchaDifficulty } : {}),
  });
  await app.register(accessPlugin);
  await app.register(commandsPlugin);
  await app.register(jobsPlugin);
  await app.register(changesPlugin);
  const clientDir = options.clientDir === undefined ? CLIENT_DIST_DIR : options.clientDir;
  await app.register(sitePagesPlugin, { distDir: clientDir });

  await app.register(healthRoutes);
  await app.register(campaignRoutes);
  await app.register(campaignFollowRoutes);
  await app.register(adminCampaignRoutes);
  await app.register(donationRoutes);
  await app.register(webhookRoutes, options.paypalCertificates ? { paypal: options.paypalCertificates } : {});
  await app.register(contactRoutes);
  await app.register(eventRoutes);
  await app.register(clientErrorRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(twoFactorRoutes);
  await app.register(passkeyRoutes);
  await app.register(healthDataConsentRoutes);
  await app.register(carePlanRoutes);
  await app.register(fieldVisibilityRoutes);
  await app.register(memberRoutes);
  await app.register(notificationRoutes);
  await app.register(adminInviteRoutes);
  await app.register(uploadRoutes);
  await app.register(adminDonationRoutes);
  await app.register(adminPaymentRoutes);
  await app.register(adminOperationRoutes);
  await app.register(adminUserRoutes);
  await app.register(adminAnalyticsRoutes);
  await app.register(doctorRoutes);
  await app.register(adminDoctorRoutes);
  await app.register(storyRoutes);
  await app.register(fundraiserRoutes);
  await app.register(medicalReviewRoutes);
  await app.register(publicFundraiserRoutes);
  await app.register(adminFundraiserRoutes);
  await app.register(adminStoryRoutes);
  await app.register(spendingRoutes);
  await app.register(adminExpenseRoutes);
  await app.register(sitemapRoutes);

  await app.register(assetsPlugin, { distDir: clientDir });
  // Pages get helmet's full set (CSP and friends) in their own context, so /api requests never run its
  // hooks: they were the largest per-request cost of GET /api/fundraising/progress.
  await app.register(async (site) => {
    await site.register(helmet, pageSecurityOptions(config));
    site.addHook('onRequest', async (_request, reply) => {
      reply.header('permissions-policy', PAGE_PERMISSIONS_POLICY);
    });
    await site.register(clientPlugin, { distDir: clientDir });
  });
  return app;
}
