/** Passkeys: adding, listing and removing hers (Account Settings), and signing in with one (decision 016). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as endpoints from '#shared/contract/passkeys.ts';
import { AppError } from '#shared/errors.ts';
import {
  PASSKEY_CONFIRMATION_REFUSED,
  PASSKEY_NOT_ACCEPTED,
  PASSKEY_STEP_UP_REFUSED,
  type PasskeyView,
} from '#shared/schemas/passkeys.ts';
import { addPasskey, keepChallenge, recordPasskeyUse, removePasskey, useChallenge } from '../../commands/passkeys.ts';
import { openStepUp, stampReauthentication } from '../../commands/step-up.ts';
import { passkeyByCredential, passkeysOf, type PasskeyRow } from '../../db/queries/passkeys.ts';
import { ELEVATION_MS } from '../../plugins/access.ts';
import { presentCurrentUser } from '../../presenters/user.ts';
import {
  challengeOf,
  registrationOptions,
  relyingPartyOf,
  signInOptions,
  stepUpOptions,
  verifiedRegistration,
  verifiedSignIn,
} from '../../services/passkeys.ts';
import { confirmHerself, REAUTH_MS } from '../confirm-herself.ts';
import { route } from '../endpoint.ts';

const noStore = { 'cache-control': 'no-store' };

const presentPasskey = (p: PasskeyRow): PasskeyView => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
});

const notAccepted = () => new AppError('VALIDATION', PASSKEY_NOT_ACCEPTED, 'credential');

const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const relyingParty = async () =>
    relyingPartyOf(app.config.publicUrl, (await app.campaigns.mainAppeal()).content.product.name);

  route(app, endpoints.passkeys, {}, async (_request, reply, { me }) =>
    reply.headers(noStore).send((await passkeysOf(app.db, me.id)).map(presentPasskey)),
  );

  route(
    app,
    endpoints.registrationOptions,
    { config: { rateLimit: { max: 10, timeWindow: '15 minutes' } } },
    async (request, reply, { me }) => {
      await confirmHerself(app, request, reply, me, { password: request.body.password });
      const existing = await passkeysOf(app.db, me.id);
      const options = await registrationOptions(
        await relyingParty(),
        { id: me.id, email: me.email, name: `${me.firstName} ${me.lastName}` },
        existing,
      );
      await request.run(keepChallenge, options.challenge, 'register', me.id);
      return reply.headers(noStore).send({ ...options });
    },
  );

  route(
    app,
    endpoints.addPasskey,
    { config: { rateLimit: { max: 10, timeWindow: '15 minutes' } } },
    async (request, reply, { me }) => {
      const { name, credential } = request.body;
      const challenge = challengeOf(credential);
      // The challenge is used up whatever follows: an answer is checked once.
      if (!challenge || !(await request.run(useChallenge, challenge, 'register', me.id))) throw notAccepted();
      const made = await verifiedRegistration(await relyingParty(), credential, challenge);
      if (!made) throw notAccepted();
      const row = await request.run(addPasskey, me.id, name, made);
      return reply.status(201).headers(noStore).send(presentPasskey(row));
    },
  );

  route(app, endpoints.removePasskey, {}, async (request, reply, { me }) => {
    await request.run(removePasskey, me.id, request.params.id);
    return reply.status(204).send();
  });

  route(
    app,
    endpoints.signInOptions,
    { config: { rateLimit: { max: 30, timeWindow: '10 minutes' } } },
    async (request, reply) => {
      const options = await signInOptions(await relyingParty());
      await request.run(keepChallenge, options.challenge, 'sign-in', null);
      return reply.headers(noStore).send({ ...options });
    },
  );

  route(
    app,
    endpoints.signIn,
    { config: { rateLimit: { max: 20, timeWindow: '10 minutes' } } },
    async (request, reply) => {
      const { credential } = request.body;
      const challenge = challengeOf(credential);
      if (!challenge || !(await request.run(useChallenge, challenge, 'sign-in', null))) throw notAccepted();
      const found = await passkeyByCredential(app.db, credential.id);
      const counter = found && (await verifiedSignIn(await relyingParty(), credential, challenge, found.passkey));
      if (!found || counter === null || counter === undefined) throw notAccepted();
      const { user, passkey } = found;
      if (user.status !== 'active')
        throw new AppError('FORBIDDEN', 'This account is suspended. Please contact support.');
      if (!(await request.run(recordPasskeyUse, passkey, counter))) throw notAccepted();
      // A passkey with user verification is two factors in one: an admin is signed in with her second step done.
      await app.signIn(request, reply, user.id, { secondFactor: user.totpEnabledAt !== null });
      return reply.headers(noStore).send(presentCurrentUser(user, request.session));
    },
  );

  // An admin's step-up (the money moves' gate) with a passkey of hers: as good as her password, and not phishable.
  const notHers = () => new AppError('FORBIDDEN', PASSKEY_STEP_UP_REFUSED);
  route(
    app,
    endpoints.stepUpOptions,
    { config: { rateLimit: { max: 10, timeWindow: '15 minutes' } } },
    async (request, reply, { me }) => {
      const hers = await passkeysOf(app.db, me.id);
      if (hers.length === 0) throw new AppError('NOT_FOUND', 'You have no passkey; unlock with your password');
      const options = await stepUpOptions(await relyingParty(), hers);
      await request.run(keepChallenge, options.challenge, 'step-up', me.id);
      return reply.headers(noStore).send({ ...options });
    },
  );

  route(
    app,
    endpoints.stepUp,
    { config: { rateLimit: { max: 10, timeWindow: '15 minutes' } } },
    async (request, reply, { me }) => {
      const { credential } = request.body;
      const challenge = challengeOf(credential);
      if (!challenge || !(await request.run(useChallenge, challenge, 'step-up', me.id))) throw notHers();
      const found = await passkeyByCredential(app.db, credential.id);
      if (!found || found.user.id !== me.id) throw notHers();
      const counter = await verifiedSignIn(await relyingParty(), credential, challenge, found.passkey);
      if (counter === null || !(await request.run(recordPasskeyUse, found.passkey, counter))) throw notHers();
      const elevatedUntil = await request.run(openStepUp, request.session!.id, ELEVATION_MS);
      return reply.headers(noStore).send({ elevatedUntil: elevatedUntil.toISOString() });
    },
  );

  // Her confirmation with a passkey of hers in place of her password, for one sensitive change (confirm-herself.ts).
  const notConfirmed = () => new AppError('FORBIDDEN', PASSKEY_CONFIRMATION_REFUSED);
  route(
    app,
    endpoints.reauthOptions,
    { config: { rateLimit: { max: 10, timeWindow: '15 minutes' } } },
    async (request, reply, { me }) => {
      const hers = await passkeysOf(app.db, me.id);
      if (hers.length === 0) throw new AppError('NOT_FOUND', 'You have no passkey; confirm with your password');
      const options = await stepUpOptions(await relyingParty(), hers);
      await request.run(keepChallenge, options.challenge, 'reauth', me.id);
      return reply.headers(noStore).send({ ...options });
    },
  );

  route(
    app,
    endpoints.reauth,
    { config: { rateLimit: { max: 10, timeWindow: '15 minutes' } } },
    async (request, reply, { me }) => {
      const { credential } = request.body;
      const challenge = challengeOf(credential);
      if (!challenge || !(await request.run(useChallenge, challenge, 'reauth', me.id))) throw notConfirmed();
      const found = await passkeyByCredential(app.db, credential.id);
      if (!found || found.user.id !== me.id) throw notConfirmed();
      const counter = await verifiedSignIn(await relyingParty(), credential, challenge, found.passkey);
      if (counter === null || !(await request.run(recordPasskeyUse, found.passkey, counter))) throw notConfirmed();
      const at = await request.run(stampReauthentication, request.session!.id);
      const confirmedUntil = new Date(at.getTime() + REAUTH_MS);
      return reply.headers(noStore).send({ confirmedUntil: confirmedUntil.toISOString() });
    },
  );
};
export default passkeyRoutes;
