/**
 * Deny by default: every /api route declares who may call it (`config.access`), the server refuses to
 * start with one that does not, and the rule is checked before the body is even validated.
 */
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { AdminLevel, SelfChosenRole } from '#shared/auth/roles.ts';
import { requireAdmin, requireRole, requireUser } from './auth.ts';

export type Access = 'public' | 'user' | { role: SelfChosenRole } | { admin: AdminLevel };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every /api route and its rule, for the access-matrix test. */
    accessRules: { method: string; url: string; access: Access }[];
  }
}

export function checkAccess(request: FastifyRequest, access: Access): void {
  if (access === 'public') return;
  if (access === 'user') requireUser(request);
  else if ('role' in access) requireRole(request, access.role);
  else requireAdmin(request, access.admin);
}

export default fp(
  async (app) => {
    const rules: { method: string; url: string; access: Access }[] = [];
    app.decorate('accessRules', rules);
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/')) return;
      const access = route.config?.access;
      if (!access)
        throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule (config.access)`);
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') rules.push({ method, url: route.url, access });
      }
    });
    app.addHook('preValidation', (request, _reply, done) => {
      const access = request.routeOptions.config.access;
      try {
        if (access) checkAccess(request, access);
        done();
      } catch (err) {
        done(err as Error);
      }
    });
  },
  { name: 'access', dependencies: ['auth'] },
);
