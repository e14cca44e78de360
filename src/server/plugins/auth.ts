/**
 * Who is asking: the session cookie, the signed-in user, and `viewerOf` (her as the policies read her).
 * Also the CSRF rule: a state-changing request that carries a session cookie must come from our own origin.
 */
import type { Viewer } from '../policies/viewer.ts';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#shared/errors.ts';
import { systemClock, type Clock } from '../services/clock.ts';
import {
  createSessionService,
  SESSION_ABSOLUTE_MS,
  type SessionAlongside,
  type SessionRow,
  type SessionService,
  type UserRow,
} from '../services/sessions.ts';
import { createAltchaService, type AltchaDifficulty, type AltchaService } from '../services/altcha.ts';

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
    sessions: SessionService;
    altcha: AltchaService;
    /**
     * Starts a session for a user and sets the cookie (sign-in, and every privilege change); `alongside` commits
     * in the same statement as the session (SessionService.create).
     */
    signIn(
      request: FastifyRequest,
      reply: FastifyReply,
      userId: string,
      options?: { secondFactor?: boolean; alongside?: SessionAlongside },
    ): Promise<void>;
    signOut(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyRequest {
    user: UserRow | null;
    session: SessionRow | null;
  }
}

export interface AuthPluginOptions {
  clock?: Clock;
  /** Tests only: a cheaper human check than the recommended level. */
  altchaDifficulty?: AltchaDifficulty;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Readable by the page; see setCookie. */
export const SIGNED_IN_HINT_COOKIE = 'signed_in';

export default fp<AuthPluginOptions>(
  async (app, options) => {
    const { config } = app;
    const cookieName = config.secureCookies ? '__Host-session' : 'session';
    const publicOrigin = new URL(config.publicUrl).origin;

    app.decorate('clock', options.clock ?? systemClock);
    app.decorate('sessions', createSessionService(app.db, config.sessionSecret, app.clock));
    app.decorate('altcha', createAltchaService(app.db, config.altchaKey, options.altchaDifficulty));
    await app.register(cookie);
    app.decorateRequest('user', null);
    app.decorateRequest('session', null);

    // Callback style, not async: most requests carry no cookie and should not pay for a promise.
    const clearOptions = { path: '/', sameSite: 'lax', secure: config.secureCookies } as const;
    app.addHook('onRequest', (request, reply, done) => {
      const token = request.cookies[cookieName];
      try {
        if (UNSAFE_METHODS.has(request.method) && request.url.startsWith('/api/'))
          assertSameOrigin(request, publicOrigin, token !== undefined);
      } catch (err) {
        done(err as Error);
        return;
      }
      if (!token) {
        if (request.cookies[SIGNED_IN_HINT_COOKIE]) reply.clearCookie(SIGNED_IN_HINT_COOKIE, clearOptions);
        done();
        return;
      }
      app.sessions.resolve(token).then((resolved) => {
        if (resolved) {
          request.user = resolved.user;
          request.session = resolved.session;
        } else {
          // The session ended on the server (expired, revoked): the browser should forget it too.
          reply.clearCookie(cookieName, { ...clearOptions, httpOnly: true });
          reply.clearCookie(SIGNED_IN_HINT_COOKIE, clearOptions);
        }
        done();
      }, done);
    });

    function setCookie(reply: FastifyReply, token: string) {
      const options = {
        sameSite: 'lax',
        path: '/',
        secure: config.secureCookies,
        maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
      } as const;
      reply.setCookie(cookieName, token, { ...options, httpOnly: true });
      // Not a credential: only tells the page there may be a session worth asking about, so
      // signed-out visitors are never sent a request that can only answer 401.
      reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', options);
    }

    app.decorate('signIn', async (request: FastifyRequest, reply: FastifyReply, userId: string, options = {}) => {
      // Whatever session the browser had before is ended: a new id at every sign-in or privilege change.
      if (request.session) await app.sessions.revoke(request.session.id);
      const { token, session } = await app.sessions.create(
        userId,
        String(request.headers['user-agent'] ?? ''),
        options,
      );
      request.session = session;
      setCookie(reply, token);
    });

    app.decorate('signOut', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.session) await app.sessions.revoke(request.session.id);
      request.session = null;
      request.user = null;
      reply.clearCookie(cookieName, { ...clearOptions, httpOnly: true });
      reply.clearCookie(SIGNED_IN_HINT_COOKIE, clearOptions);
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

/** Our origin: the configured public one, or the host this request was sent to (e.g. 127.0.0.1 locally). */
function isOwnOrigin(request: FastifyRequest, origin: string, publicOrigin: string): boolean {
  if (origin === publicOrigin) return true;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

function assertSameOrigin(request: FastifyRequest, publicOrigin: string, hasSessionCookie: boolean) {
  const origin = request.headers.origin;
  const fetchSite = request.headers['sec-fetch-site'];
  if (origin !== undefined) {
    if (!isOwnOrigin(request, origin, publicOrigin)) throw new AppError('FORBIDDEN', 'Cross-site request refused');
    return;
  }
  if (fetchSite !== undefined) {
    if (fetchSite !== 'same-origin' && fetchSite !== 'none')
      throw new AppError('FORBIDDEN', 'Cross-site request refused');
    return;
  }
  // Browsers send one of the two on every state-changing request; without either, a request can
  // only act with a session cookie if it was forged outside a browser, which CSRF is not about,
  // but we still refuse it to keep the rule simple to state.
  if (hasSessionCookie) throw new AppError('FORBIDDEN', 'Cross-site request refused');
}

export const TWO_FACTOR_SETUP_NEEDED = 'Turn on two-step sign-in on your profile to use the admin pages';
export const TWO_FACTOR_SIGN_IN_NEEDED = 'Sign in again with your authenticator code to use the admin pages';

/** The person asking, as the policies read her (src/server/policies/viewer.ts): her admin level only with her second factor. */
export function viewerOf(request: FastifyRequest): Viewer {
  const user = request.user;
  if (!user) return null;
  const secondFactor = user.totpEnabledAt !== null && request.session?.secondFactorAt != null;
  return { id: user.id, role: user.role, adminLevel: secondFactor ? user.adminLevel : null };
}
