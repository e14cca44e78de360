/** The signed-in user's own account: onboarding, profile, password, sessions, export, deletion. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailFailure } from '../../services/mail.ts';
import { z } from 'zod';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '#shared/errors.ts';
import { ChangePasswordSchema, DeleteAccountSchema, UpdateProfileSchema } from '#shared/schemas/auth.ts';
import { OnboardingSchema } from '#shared/schemas/onboarding.ts';
import { sessions } from '../../db/schema/index.ts';
import { loadProfile, saveOnboarding, updateAccountProfile } from '../../commands/profile.ts';
import { exportUserData, ownsCampaign } from '../../commands/personal-data.ts';
import { deleteAccount } from '../../commands/personal-data-delete.ts';
import { notifyVerificationWaiting } from '../../commands/doctors.ts';
import { setPassword } from '../../commands/accounts.ts';
import { confirmPassword, FAILED_SIGN_INS } from '../../services/account-limits.ts';
import { passwordChangedMail } from '../../services/mail-templates.ts';
import { presentCurrentUser } from '../../presenters/user.ts';
import { requireUser } from '../../plugins/auth.ts';

const user: FastifyPluginAsyncZod = async (app) => {
  const noStore = { 'cache-control': 'no-store' };

  app.post(
    '/api/user/onboarding',
    { config: { access: 'user' }, schema: { body: OnboardingSchema } },
    async (request, reply) => {
      const me = requireUser(request);
      // The form follows the account's role; nobody changes role (or admin level) through onboarding.
      if (request.body.role !== (me.role ?? 'patient')) {
        throw new AppError(
          'FORBIDDEN',
          `Your account is a ${me.role ?? 'patient'} account; complete that onboarding instead`,
        );
      }
      const updated = await saveOnboarding(app.db, me.id, request.body, app.clock.now());
      if (request.body.role === 'doctor') await notifyVerificationWaiting(app.db, updated);
      return reply.headers(noStore).send(presentCurrentUser(updated, request.session));
    },
  );

  app.get('/api/user/profile', { config: { access: 'user' } }, async (request, reply) => {
    const me = requireUser(request);
    // ownsCampaign: the delete-account section says before she tries that the owner cannot delete her account.
    const [profile, owner] = await Promise.all([loadProfile(app.db, me), ownsCampaign(app.db, me.id)]);
    return reply.headers(noStore).send({
      user: presentCurrentUser(me, request.session),
      notifyByEmail: me.notifyByEmail,
      profile,
      ownsCampaign: owner,
    });
  });

  app.patch(
    '/api/user/profile',
    { config: { access: 'user' }, schema: { body: UpdateProfileSchema } },
    async (request, reply) => {
      const me = requireUser(request);
      const updated = await updateAccountProfile(app.db, me.id, request.body, app.clock.now());
      if (updated.role === 'doctor') await notifyVerificationWaiting(app.db, updated);
      return reply.headers(noStore).send(presentCurrentUser(updated, request.session));
    },
  );

  app.post(
    '/api/user/password',
    {
      schema: { body: ChangePasswordSchema },
      config: { access: 'user', rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      const me = requireUser(request);
      await confirmPassword(
        app.accountLimits,
        me,
        request.body.currentPassword,
        reply,
        () => new AppError('VALIDATION', 'Your current password is not correct', 'currentPassword'),
      );
      await setPassword(app.db, me, request.body.newPassword, app.clock.now(), request.session!.id);
      // Only the owner knows the old password: someone's wrong guesses at sign-in no longer keep her out.
      await app.accountLimits.clear(FAILED_SIGN_INS, me.email);
      const { product, support } = (await app.campaigns.current()).content;
      await app.mailer
        .send(passwordChangedMail(product.name, me, support.email))
        .catch((err: unknown) => request.log.error({ mail: mailFailure(err) }, 'notice not sent'));
      return reply.send({ message: 'Your password has been changed. Other devices have been signed out.' });
    },
  );

  app.get('/api/user/sessions', { config: { access: 'user' } }, async (request, reply) => {
    const me = requireUser(request);
    const rows = await app.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, me.id))
      .orderBy(asc(sessions.createdAt));
    return reply.headers(noStore).send(
      rows.map((s) => ({
        id: s.id,
        device: s.userAgent,
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        current: s.id === request.session!.id,
      })),
    );
  });

  app.delete(
    '/api/user/sessions/:id',
    { config: { access: 'user' }, schema: { params: z.object({ id: z.uuid('Not a valid id') }) } },
    async (request, reply) => {
      const me = requireUser(request);
      const removed = await app.db
        .delete(sessions)
        .where(and(eq(sessions.id, request.params.id), eq(sessions.userId, me.id)))
        .returning({ id: sessions.id });
      if (removed.length === 0) throw new AppError('NOT_FOUND', 'No such session');
      return reply.status(204).send();
    },
  );

  app.post('/api/user/sessions/revoke-others', { config: { access: 'user' } }, async (request, reply) => {
    const me = requireUser(request);
    await app.sessions.revokeAll(me.id, request.session!.id);
    return reply.status(204).send();
  });

  app.get('/api/user/export', { config: { access: 'user' } }, async (request, reply) => {
    const me = requireUser(request);
    return reply
      .headers({ ...noStore, 'content-disposition': 'attachment; filename="my-data.json"' })
      .send(await exportUserData(app.db, me));
  });

  app.delete(
    '/api/user',
    {
      schema: { body: DeleteAccountSchema },
      config: { access: 'user', rateLimit: { max: 5, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      const me = requireUser(request);
      await confirmPassword(
        app.accountLimits,
        me,
        request.body.password,
        reply,
        () => new AppError('VALIDATION', 'Your password is not correct', 'password'),
      );
      await deleteAccount(app.db, me);
      await app.signOut(request, reply);
      return reply.status(204).send();
    },
  );
};
export default user;
