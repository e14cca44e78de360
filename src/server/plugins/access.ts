/**
 * Deny by default: every /api route declares who may call it (`config.access`), the server refuses to
 * start with one that does not, and the rule is checked before the body is even validated. An admin rule
 * may add `stepUp: true` (the money moves): the admin must also have re-entered her password within
 * ELEVATION_MS (POST /api/admin/elevate), or she gets 403 with code STEP_UP_REQUIRED.
 */
import fp from 'fastify-plugin';
import type { FastifyRequest, preValidationHookHandler } from 'fastify';
import { admits, type Access } from '#shared/auth/access.ts';
import { AppError } from '#shared/errors.ts';
import type { Clock } from '../services/clock.ts';
import { TWO_FACTOR_SETUP_NEEDED, TWO_FACTOR_SIGN_IN_NEEDED } from './auth.ts';

export type { Access };

/** How long a re-entered password keeps the step-up routes open. */
export const ELEVATION_MS = 15 * 60 * 1000;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every /api route and its rule, for the access-matrix test. */
    accessRules: { method: string; url: string; access: Access }[];
  }
}

export function checkAccess(request: FastifyRequest, access: Access, clock: Clock): void {
  if (access === 'public') return;
  const user = request.user;
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
  // The same rule the browser applies to pages and links (#shared/auth/access.ts).
  if (!admits(access, user)) throw new AppError('FORBIDDEN', 'You do not have access to this');
  if (access === 'user' || 'role' in access) return;
  if (!user.totpEnabledAt) throw new AppError('FORBIDDEN', TWO_FACTOR_SETUP_NEEDED);
  if (!request.session?.secondFactorAt) throw new AppError('FORBIDDEN', TWO_FACTOR_SIGN_IN_NEEDED);
  if (access.stepUp) requireStepUp(request, clock.now());
}

function requireStepUp(request: FastifyRequest, now: Date): void {
  const until = request.session?.elevatedUntil;
  if (!until || until.getTime() <= now.getTime()) {
    throw new AppError('STEP_UP_REQUIRED', 'Re-enter your password to continue');
  }
}

export default fp(
  async (app) => {
    const rules: { method: string; url: string; access: Access }[] = [];
    app.decorate('accessRules', rules);
    // A hook of each route that is not public, so a public route (the polled ones) runs none for it.
    const accessHook =
      (access: Access): preValidationHookHandler =>
      (request, _reply, done) => {
        try {
          checkAccess(request, access, app.clock);
          done();
        } catch (err) {
          done(err as Error);
        }
      };
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/')) return;
      const access = route.config?.access;
      if (!access)
        throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule (config.access)`);
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') rules.push({ method, url: route.url, access });
      }
      // First among the route's own: the rule is checked before the body is even validated.
      if (access !== 'public') route.preValidation = [accessHook(access), ...[route.preValidation ?? []].flat()];
    });
  },
  { name: 'access', dependencies: ['auth'] },
);
