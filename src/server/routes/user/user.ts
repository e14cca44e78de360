/** The signed-in user's own account: onboarding, profile, password, sessions, export, deletion. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as endpoints from '#shared/contract/account.ts';
import { AppError } from '#shared/errors.ts';
import { endOwnSession, saveOnboarding, updateAccountProfile } from '../../commands/profile.ts';
import { deleteAccount } from '../../commands/personal-data-delete.ts';
import { changePassword, removePassword } from '../../commands/accounts.ts';
import { ownsCampaign } from '../../db/queries/accounts.ts';
import { exportUserData } from '../../db/queries/user-export.ts';
import { loadProfile, sessionsOf } from '../../db/queries/users.ts';
import { giftsOf } from '../../db/queries/donations.ts';
import { presentGift } from '../../presenters/donation.ts';
import { FAILED_SIGN_INS } from '../../services/account-limits.ts';
import { prepareNewPassword } from '../../services/passwords.ts';
import { presentCurrentUser, presentSession } from '../../presenters/user.ts';
import { confirmHerself } from '../confirm-herself.ts';
import { route } from '../endpoint.ts';

const wrongCurrentPassword = () =>
  new AppError('VALIDATION', 'Your current password is not correct', 'currentPassword');

const user: FastifyPluginAsyncZod = async (app) => {
  const noStore = { 'cache-control': 'no-store' };

  route(app, endpoints.onboarding, {}, async (request, reply, { me }) => {
    const updated = await request.run(saveOnboarding, me, request.body);
    return reply.headers(noStore).send(presentCurrentUser(updated, request.session));
  });

  route(app, endpoints.profile, {}, async (request, reply, { me }) => {
    // ownsCampaign: the delete-account section says before she tries that the owner cannot delete her account.
    const [profile, owner, gifts] = await Promise.all([
      loadProfile(app.db, me),
      ownsCampaign(app.db, me.id),
      giftsOf(app.db, me),
    ]);
    return reply.headers(noStore).send({
      user: presentCurrentUser(me, request.session),
      notifyByEmail: me.notifyByEmail,
      profile,
      ownsCampaign: owner,
      gifts: gifts.filter((gift) => !gift.voidedAt).map(presentGift),
    });
  });

  route(app, endpoints.updateProfile, {}, async (request, reply, { me }) => {
    const updated = await request.run(updateAccountProfile, me.id, request.body);
    return reply.headers(noStore).send(presentCurrentUser(updated, request.session));
  });

  route(
    app,
    endpoints.changePassword,
    { config: { rateLimit: { max: 10, timeWindow: '15 minutes' } } },
    async (request, reply, { me }) => {
      const { currentPassword, newPassword } = request.body;
      const screen = () => prepareNewPassword(newPassword, me, 'newPassword');
      // With a passkey confirmation, the new password is screened first, so a refused one does not spend it.
      const early = currentPassword === undefined ? await screen() : null;
      await confirmHerself(app, request, reply, me, {
        password: currentPassword,
        wrong: wrongCurrentPassword,
        field: 'currentPassword',
      });
      const password = early ?? (await screen());
      const writeTo = app.examples.writeTo((await app.campaigns.mainAppeal()).content);
      await request.run(changePassword, me, password, request.session!.id, writeTo);
      // Only the owner knows the old password: someone's wrong guesses at sign-in no longer keep her out.
      await app.accountLimits.clear(FAILED_SIGN_INS, me.email);
      const done = me.passwordHash === null ? 'set' : 'changed';
      return reply.send({ message: `Your password has been ${done}. Other devices have been signed out.` });
    },
  );

  route(
    app,
    endpoints.removePassword,
    { config: { rateLimit: { max: 10, timeWindow: '15 minutes' } } },
    async (request, reply, { me }) => {
      await confirmHerself(app, request, reply, me, { password: request.body.password });
      const writeTo = app.examples.writeTo((await app.campaigns.mainAppeal()).content);
      await request.run(removePassword, me, request.session!.id, writeTo);
      return reply.status(204).send();
    },
  );

  route(app, endpoints.sessions, {}, async (request, reply, { me }) => {
    const rows = await sessionsOf(app.db, me.id);
    return reply.headers(noStore).send(rows.map((s) => presentSession(s, request.session)));
  });

  route(app, endpoints.revokeSession, {}, async (request, reply, { me }) => {
    await request.run(endOwnSession, me.id, request.params.id);
    return reply.status(204).send();
  });

  route(app, endpoints.revokeOtherSessions, {}, async (request, reply, { me }) => {
    await app.sessions.revokeAll(me.id, request.session!.id);
    return reply.status(204).send();
  });

  route(app, endpoints.exportData, {}, async (request, reply, { me }) => {
    return reply
      .headers({ ...noStore, 'content-disposition': 'attachment; filename="my-data.json"' })
      .send(await exportUserData(app.db, me));
  });

  route(
    app,
    endpoints.deleteAccount,
    { config: { rateLimit: { max: 5, timeWindow: '15 minutes' } } },
    async (request, reply, { me }) => {
      await confirmHerself(app, request, reply, me, { password: request.body.password });
      await request.run(deleteAccount, me);
      await app.signOut(request, reply);
      return reply.status(204).send();
    },
  );
};
export default user;
