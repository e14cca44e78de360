/** Sign-up, sign-in, sign-out, the current user, role choice, email verification and password reset. */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailFailure } from '../../services/mail.ts';
import { AppError } from '#shared/errors.ts';
import * as endpoints from '#shared/contract/auth.ts';
import { type ResetLinkStatus, INVALID_RESET_LINK, RESET_LINK_SENT } from '#shared/schemas/auth.ts';
import {
  chooseRole,
  linkSettings,
  mailVerificationLink,
  registerUser,
  rehashPassword,
  requestPasswordReset,
  resetPassword,
  verifyEmail,
} from '../../commands/accounts.ts';
import { useSecondFactor } from '../../commands/two-factor.ts';
import { findUserByEmail, userByLiveToken, type UserRow } from '../../db/queries/users.ts';
import { hashPassword, needsRehash, prepareNewPassword, verifyPassword } from '../../services/passwords.ts';
import { hashToken } from '../../services/tokens.ts';
import { registrationAttemptMail, signInLockedMail } from '../../services/mail-templates.ts';
import {
  FAILED_CODES,
  FAILED_SIGN_INS,
  REGISTRATION_ATTEMPT_NOTICES,
  RESET_REQUESTS,
  VERIFICATION_RESENDS,
} from '../../services/account-limits.ts';
import { presentCurrentUser } from '../../presenters/user.ts';
import { CODE_INVALID, CODE_REQUIRED } from '#shared/schemas/two-factor.ts';
import { ALTCHA_CHALLENGES_PER_MINUTE } from '../../services/altcha.ts';
import { safeReturnPath } from '#shared/return-path.ts';
import * as site from '#shared/contract/site.ts';
import { mailOnly } from '../../commands/run.ts';
import { route } from '../endpoint.ts';

const auth: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const product = async () => (await app.campaigns.mainAppeal()).content;
  const noStore = { 'cache-control': 'no-store' };
  const links = linkSettings(config);

  /**
   * Tells an address's owner that someone tried to register with it (at most once an hour, so nobody can
   * mail-bomb them). Not a write's follow-up: the registration failed and wrote nothing, so it is sent here.
   */
  async function mailRegistrationAttempt(request: FastifyRequest, email: string) {
    const owner = await findUserByEmail(app.db, email);
    if (!owner || !(await app.accountLimits.hit(REGISTRATION_ATTEMPT_NOTICES, owner.id)).reached) return;
    const now = app.clock.now();
    await request.run(
      mailOnly({ kind: 'registration-attempt' }, (name) =>
        registrationAttemptMail(name, owner, now, `${config.publicUrl}/login`, `${config.publicUrl}/forgot-password`),
      ),
    );
  }

  /**
   * Tells the owner, once per lockout, that sign-in to the account is paused: after the reply, so its timing
   * does not tell the account exists. Not a write's follow-up (the counter is the rate-limit store's): a mail
   * job of its own.
   */
  function mailSignInLocked(request: FastifyRequest, user: UserRow) {
    setImmediate(() => {
      const now = app.clock.now();
      const minutes = FAILED_SIGN_INS.windowMs / 60_000;
      request
        .run(
          mailOnly({ kind: 'sign-in-locked' }, (name) =>
            signInLockedMail(name, user, now, minutes, `${config.publicUrl}/forgot-password`),
          ),
        )
        .catch((err: unknown) =>
          app.log.error({ err: { message: (err as Error).message } }, 'sign-in lockout notice not queued'),
        );
    });
  }

  route(app, endpoints.user, {}, async (request, reply, { me }) => {
    const user = me;
    return reply.headers(noStore).send(presentCurrentUser(user, request.session));
  });

  route(
    app,
    endpoints.register,
    { config: { rateLimit: { max: 10, timeWindow: '1 hour' } } },
    async (request, reply) => {
      await app.altcha.verify(request.body.altcha);
      const password = await prepareNewPassword(request.body.password, request.body, 'password');
      // Only after the human check: before it, nothing may tell whether the address has an account.
      const user = await request.run(registerUser, links, request.body, password).catch(async (err: unknown) => {
        if (err instanceof AppError && err.code === 'CONFLICT' && err.fieldErrors?.email)
          await mailRegistrationAttempt(request, request.body.email);
        throw err;
      });
      await app.signIn(request, reply, user.id);
      return reply.status(201).headers(noStore).send(presentCurrentUser(user, request.session));
    },
  );

  route(
    app,
    endpoints.login,
    // Counted per address and per email by the route, with the account's read (commands/sign-in.ts).
    { config: { rateLimit: false } },
    async (request, reply) => {
      const { email, password, code } = request.body;
      // Per email asked for, known or not, so the answer never tells whether the account exists.
      const signInTry = await app.signInTries.count(request.ip, email, reply);
      const { user } = signInTry;
      // The same work and the same answer whether or not the account exists.
      const right = await verifyPassword(user?.passwordHash ?? null, password);
      if (!user || !right) {
        if (signInTry.isLast && user) mailSignInLocked(request, user);
        throw new AppError('UNAUTHENTICATED', 'Invalid email or password');
      }
      try {
        if (user.status !== 'active')
          throw new AppError('FORBIDDEN', 'This account is suspended. Please contact support.');
        // Two-step sign-in: the password alone is not enough; the answer names the field the page should ask for.
        if (user.totpEnabledAt) {
          if (!code) throw new AppError('UNAUTHENTICATED', CODE_REQUIRED, 'code');
          const second = await app.accountLimits.attempt(FAILED_CODES, user.id, reply, () =>
            request.run(useSecondFactor, config.sessionSecret, user, code),
          );
          if (!second.ok) throw new AppError('UNAUTHENTICATED', CODE_INVALID, 'code');
        }
      } catch (err) {
        // The refusal is the answer; a counter that could not be given back only leaves one try counted.
        await signInTry.giveBack().catch((failure: unknown) => request.log.error({ err: failure }, 'sign-in try kept'));
        throw err;
      }
      if (user.passwordHash && needsRehash(user.passwordHash)) {
        await request.run(rehashPassword, user.id, await hashPassword(password));
      }
      await signInTry.giveBackWith((alongside) =>
        app.signIn(request, reply, user.id, { secondFactor: user.totpEnabledAt !== null, alongside }),
      );
      return reply.headers(noStore).send(presentCurrentUser(user, request.session));
    },
  );

  route(app, endpoints.signInLink, {}, async (request, reply) => {
    const returnTo = safeReturnPath(request.query.returnTo);
    return reply.redirect(returnTo === '/' ? '/login' : `/login?returnTo=${encodeURIComponent(returnTo)}`);
  });

  route(app, endpoints.signOutLink, {}, async (_request, reply) => reply.redirect('/logout'));

  route(app, endpoints.logout, {}, async (request, reply) => {
    await app.signOut(request, reply);
    return reply.status(204).send();
  });

  route(
    app,
    endpoints.setRole,
    { config: { rateLimit: { max: 10, timeWindow: '15 minutes' } } },
    async (request, reply, { me }) => {
      const user = me;
      await app.altcha.verify(request.body.recaptchaToken);
      const updated = await request.run(chooseRole, user, request.body.role);
      // A privilege change gets a new session id.
      await app.signIn(request, reply, user.id);
      return reply.headers(noStore).send(presentCurrentUser(updated, request.session));
    },
  );

  route(app, endpoints.verifyEmail, {}, async (request, reply) => {
    await request.run(verifyEmail, config.sessionSecret, request.body.token);
    return reply.headers(noStore).send({ message: 'Your email address is confirmed.' });
  });

  route(
    app,
    endpoints.resendVerification,
    { config: { rateLimit: { max: 3, timeWindow: '15 minutes' } } },
    async (request, reply, { me }) => {
      const user = me;
      if (user.emailVerifiedAt) return reply.send({ message: 'Your email address is already confirmed.' });
      await app.accountLimits.take(VERIFICATION_RESENDS, user.id, reply);
      await request.run(mailVerificationLink, links, user);
      return reply.send({ message: 'We sent you a new confirmation link.' });
    },
  );

  route(
    app,
    endpoints.requestPasswordReset,
    { config: { rateLimit: { max: 5, timeWindow: '15 minutes' } } },
    async (request, reply) => {
      await app.altcha.verify(request.body.altcha);
      const email = request.body.email;
      await app.accountLimits.take(RESET_REQUESTS, email, reply);
      // Answer at once and do the work afterwards: the reply cannot tell whether the account exists.
      setImmediate(() => {
        request
          .run(requestPasswordReset, links, email)
          .catch((err: unknown) => app.log.error({ err: mailFailure(err) }, 'password reset link could not be made'));
      });
      return reply.send({ message: RESET_LINK_SENT });
    },
  );

  /** Whether a reset link still works (the page asks when it opens); it reads the token and spends nothing. */
  route(
    app,
    endpoints.resetLink,
    { config: { rateLimit: { max: 30, timeWindow: '15 minutes' } } },
    async (request, reply) => {
      const tokenHash = hashToken(request.query.token, config.sessionSecret);
      const user = await userByLiveToken(app.db, tokenHash, 'reset_password', app.clock.now());
      const answer: ResetLinkStatus =
        user && user.status === 'active' ? { usable: true } : { usable: false, message: INVALID_RESET_LINK };
      return reply.headers(noStore).send(answer);
    },
  );

  route(
    app,
    endpoints.resetPassword,
    { config: { rateLimit: { max: 10, timeWindow: '15 minutes' } } },
    async (request, reply) => {
      const { token, newPassword } = request.body;
      const user = await userByLiveToken(
        app.db,
        hashToken(token, config.sessionSecret),
        'reset_password',
        app.clock.now(),
      );
      if (!user || user.status !== 'active') throw new AppError('VALIDATION', INVALID_RESET_LINK, 'token');
      const password = await prepareNewPassword(newPassword, user, 'newPassword');
      const writeTo = app.examples.writeTo(await product());
      await request.run(resetPassword, config.sessionSecret, token, user, password, writeTo);
      // The owner proved herself by the mailed link: someone's wrong guesses no longer keep her out.
      await app.accountLimits.clear(FAILED_SIGN_INS, user.email);
      return reply.send({ message: 'Your password has been reset. You can now sign in.' });
    },
  );

  // Public, and each challenge costs a key derivation here: limited per address.
  route(
    app,
    site.altchaChallenge,
    { config: { rateLimit: { max: ALTCHA_CHALLENGES_PER_MINUTE, timeWindow: '1 minute' } } },
    async (_request, reply) => reply.headers(noStore).send(await app.altcha.challenge()),
  );
};
export default auth;
