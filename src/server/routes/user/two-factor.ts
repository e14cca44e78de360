/** Two-step sign-in on the user's own account: set up with an authenticator app, recovery codes, turn off. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '#shared/errors.ts';
import * as endpoints from '#shared/contract/account.ts';
import { SIX_DIGITS, type TwoFactorStatus } from '#shared/schemas/two-factor.ts';
import { beginTwoFactor, disableTwoFactor, enableTwoFactor, replaceRecoveryCodes } from '../../commands/two-factor.ts';
import { recoveryCodesLeft, type UserRow } from '../../db/queries/users.ts';
import { FAILED_CODES } from '../../services/account-limits.ts';
import { confirmHerself } from '../confirm-herself.ts';
import { route } from '../endpoint.ts';

const twoFactor: FastifyPluginAsyncZod = async (app) => {
  const noStore = { 'cache-control': 'no-store' };
  const limited = { config: { rateLimit: { max: 10, timeWindow: '15 minutes' } } };
  const secret = app.config.sessionSecret;

  /**
   * Checks a re-entered password (wrong ones count against the account, from whatever address), or spends her
   * passkey confirmation when she gave none.
   */
  async function assertPassword(
    request: FastifyRequest,
    me: UserRow,
    password: string | undefined,
    reply: FastifyReply,
  ) {
    await confirmHerself(app, request, reply, me, { password });
  }

  route(app, endpoints.twoFactor, {}, async (request, reply, { me }) => {
    const status: TwoFactorStatus = {
      enabled: me.totpEnabledAt !== null,
      enabledAt: me.totpEnabledAt?.toISOString() ?? null,
      recoveryCodesLeft: me.totpEnabledAt ? await recoveryCodesLeft(app.db, me.id) : 0,
    };
    return reply.headers(noStore).send(status);
  });

  route(app, endpoints.startTwoFactor, limited, async (request, reply, { me }) => {
    if (me.totpEnabledAt)
      throw new AppError('CONFLICT', 'Two-step sign-in is already on; turn it off first to use another app');
    const { product } = (await app.campaigns.mainAppeal()).content;
    return reply.headers(noStore).send(await request.run(beginTwoFactor, secret, me, product.name));
  });

  route(app, endpoints.enableTwoFactor, limited, async (request, reply, { me }) => {
    if (me.totpEnabledAt) throw new AppError('CONFLICT', 'Two-step sign-in is already on');
    if (!me.totpPendingSecret) throw new AppError('CONFLICT', 'Start the set-up again: there is no code to confirm');
    let codes: string[] | null = null;
    await app.accountLimits.attempt(FAILED_CODES, me.id, reply, async () => {
      codes = await request.run(enableTwoFactor, secret, me, request.body.code, request.session!.id);
      return codes !== null;
    });
    if (!codes) throw new AppError('VALIDATION', `That code is not right. ${SIX_DIGITS}.`, 'code');
    return reply.headers(noStore).send({ recoveryCodes: codes });
  });

  route(app, endpoints.replaceRecoveryCodes, limited, async (request, reply, { me }) => {
    if (!me.totpEnabledAt) throw new AppError('CONFLICT', 'Two-step sign-in is off');
    await assertPassword(request, me, request.body.password, reply);
    const codes = await request.run(replaceRecoveryCodes, secret, me.id);
    return reply.headers(noStore).send({ recoveryCodes: codes });
  });

  route(app, endpoints.disableTwoFactor, limited, async (request, reply, { me }) => {
    if (!me.totpEnabledAt) throw new AppError('CONFLICT', 'Two-step sign-in is already off');
    await assertPassword(request, me, request.body.password, reply);
    await request.run(disableTwoFactor, me.id);
    return reply.status(204).send();
  });
};
export default twoFactor;
