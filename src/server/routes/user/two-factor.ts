/** Two-step sign-in on the user's own account: set up with an authenticator app, recovery codes, turn off. */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { AppError } from '#shared/errors.ts';
import {
  ConfirmPasswordSchema,
  EnableTwoFactorSchema,
  SIX_DIGITS,
  type TwoFactorStatus,
} from '#shared/schemas/two-factor.ts';
import { sessions } from '../../db/schema/index.ts';
import { requireUser } from '../../plugins/auth.ts';
import { audit } from '../../services/audit.ts';
import {
  beginEnrolment,
  confirmEnrolment,
  disableTwoFactor,
  recoveryCodesLeft,
  replaceRecoveryCodes,
} from '../../services/two-factor.ts';
import type { UserRow } from '../../services/sessions.ts';
import { confirmPassword, FAILED_CODES } from '../../services/account-limits.ts';

const twoFactor: FastifyPluginAsyncZod = async (app) => {
  const noStore = { 'cache-control': 'no-store' };
  const limited = { access: 'user', rateLimit: { max: 10, timeWindow: '15 minutes' } } as const;

  /** Checks a re-entered password; wrong ones count against the account, from whatever address. */
  async function assertPassword(me: UserRow, password: string, reply: FastifyReply) {
    await confirmPassword(
      app.accountLimits,
      me,
      password,
      reply,
      () => new AppError('VALIDATION', 'Your password is not correct', 'password'),
    );
  }

  app.get('/api/user/two-factor', { config: { access: 'user' } }, async (request, reply) => {
    const me = requireUser(request);
    const status: TwoFactorStatus = {
      enabled: me.totpEnabledAt !== null,
      enabledAt: me.totpEnabledAt?.toISOString() ?? null,
      recoveryCodesLeft: me.totpEnabledAt ? await recoveryCodesLeft(app.db, me.id) : 0,
    };
    return reply.headers(noStore).send(status);
  });

  app.post('/api/user/two-factor/setup', { config: limited }, async (request, reply) => {
    const me = requireUser(request);
    if (me.totpEnabledAt)
      throw new AppError('CONFLICT', 'Two-step sign-in is already on; turn it off first to use another app');
    const { product } = (await app.campaigns.current()).content;
    return reply.headers(noStore).send(await beginEnrolment(app.db, app.config.sessionSecret, me, product.name));
  });

  app.post(
    '/api/user/two-factor/enable',
    { schema: { body: EnableTwoFactorSchema }, config: limited },
    async (request, reply) => {
      const me = requireUser(request);
      if (me.totpEnabledAt) throw new AppError('CONFLICT', 'Two-step sign-in is already on');
      if (!me.totpPendingSecret) throw new AppError('CONFLICT', 'Start the set-up again: there is no code to confirm');
      const now = app.clock.now();
      let codes: string[] | null = null;
      await app.accountLimits.attempt(FAILED_CODES, me.id, reply, async () => {
        codes = await confirmEnrolment(app.db, app.config.sessionSecret, me, request.body.code, now);
        return codes !== null;
      });
      if (!codes) throw new AppError('VALIDATION', `That code is not right. ${SIX_DIGITS}.`, 'code');
      // This session just proved the authenticator; the person's other sessions must sign in again with it.
      await app.db.update(sessions).set({ secondFactorAt: now }).where(eq(sessions.id, request.session!.id));
      await app.sessions.revokeAll(me.id, request.session!.id);
      await audit(app.db, request, { action: 'user.two_factor_on', targetType: 'user', targetId: me.id });
      return reply.headers(noStore).send({ recoveryCodes: codes });
    },
  );

  app.post(
    '/api/user/two-factor/recovery-codes',
    { schema: { body: ConfirmPasswordSchema }, config: limited },
    async (request, reply) => {
      const me = requireUser(request);
      if (!me.totpEnabledAt) throw new AppError('CONFLICT', 'Two-step sign-in is off');
      await assertPassword(me, request.body.password, reply);
      const codes = await replaceRecoveryCodes(app.db, app.config.sessionSecret, me.id);
      await audit(app.db, request, { action: 'user.recovery_codes_replaced', targetType: 'user', targetId: me.id });
      return reply.headers(noStore).send({ recoveryCodes: codes });
    },
  );

  app.post(
    '/api/user/two-factor/disable',
    { schema: { body: ConfirmPasswordSchema }, config: limited },
    async (request, reply) => {
      const me = requireUser(request);
      if (!me.totpEnabledAt) throw new AppError('CONFLICT', 'Two-step sign-in is already off');
      await assertPassword(me, request.body.password, reply);
      await disableTwoFactor(app.db, me.id, app.clock.now());
      await app.db.update(sessions).set({ secondFactorAt: null }).where(eq(sessions.userId, me.id));
      await audit(app.db, request, { action: 'user.two_factor_off', targetType: 'user', targetId: me.id });
      return reply.status(204).send();
    },
  );
};
export default twoFactor;
