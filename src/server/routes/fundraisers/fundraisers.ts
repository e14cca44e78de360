/**
 * A patient's own fundraiser (decision 009): read, save the draft, submit for review, withdraw; once live, post
 * updates, edit the story, propose a money change, close it; once approved, read its gifts and thank its donors.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as endpoints from '#shared/contract/my-fundraiser.ts';
import { linkSettings } from '../../commands/accounts.ts';
import { saveFundraiserDraft, submitFundraiser, withdrawFundraiser } from '../../commands/fundraisers.ts';
import {
  closeFundraiser,
  editFundraiserStory,
  postFundraiserUpdate,
  proposeMoneyChange,
  withdrawMoneyChange,
} from '../../commands/live-fundraisers.ts';
import { thankDonors } from '../../commands/fundraiser-thanks.ts';
import { attachmentsOf, ownFundraiser, type FundraiserRow } from '../../db/queries/fundraisers.ts';
import { ownGiftsPage, thankableDonorCount } from '../../db/queries/fundraiser-gifts.ts';
import { presentOwnGift } from '../../presenters/fundraiser-gifts.ts';
import { storyVersionsOf, updatesOf } from '../../db/queries/live-fundraisers.ts';
import type { Db } from '../../db/client.ts';
import { presentFundraiser, presentLiveExtras } from '../../presenters/fundraiser.ts';
import { byAccount } from '../../plugins/rate-limit.ts';
import { AppError } from '#shared/errors.ts';
import type { Viewer } from '../../policies/viewer.ts';
import { route } from '../endpoint.ts';

const noStore = { 'cache-control': 'no-store' };
/** Per account: a draft is saved as she writes, a submission is rare. */
export const FUNDRAISER_SAVE_LIMIT = { max: 120, timeWindow: '1 hour', keyGenerator: byAccount };
export const FUNDRAISER_SUBMIT_LIMIT = { max: 10, timeWindow: '1 hour', keyGenerator: byAccount };
/** Each update is mailed to every follower: a few an hour is plenty, and the inboxes are not hers. */
export const FUNDRAISER_UPDATE_LIMIT = { max: 5, timeWindow: '1 hour', keyGenerator: byAccount };

/** Each thank-you mails every donor who left an address: a few a day at most. */
export const FUNDRAISER_THANKS_LIMIT = { max: 5, timeWindow: '24 hours', keyGenerator: byAccount };

/** All updates are hers to read back; the public page shows the newest of them. */
const OWN_UPDATES_SHOWN = 200;

/** Her fundraiser as she reads it, with its updates and earlier story versions once it was approved. */
async function answer(db: Db, row: FundraiserRow | undefined, viewer: Viewer) {
  if (!row) return { fundraiser: null, live: null };
  const [attachments, live] = await Promise.all([
    attachmentsOf(db, row),
    row.campaignId ? Promise.all([updatesOf(db, row.id, OWN_UPDATES_SHOWN), storyVersionsOf(db, row.id)]) : null,
  ]);
  return { fundraiser: presentFundraiser(row, attachments, viewer), live: live && presentLiveExtras(...live) };
}

const fundraiserRoutes: FastifyPluginAsyncZod = async (app) => {
  const links = linkSettings(app.config);

  route(app, endpoints.get, {}, async (request, reply, { me, viewer }) => {
    const row = await ownFundraiser(app.db, me.id);
    return reply.headers(noStore).send(await answer(app.db, row, viewer));
  });

  route(
    app,
    endpoints.save,
    { config: { rateLimit: FUNDRAISER_SAVE_LIMIT } },
    async (request, reply, { me, viewer }) => {
      const row = await request.run(saveFundraiserDraft, me, request.body);
      return reply.headers(noStore).send(await answer(app.db, row, viewer));
    },
  );

  route(
    app,
    endpoints.submit,
    { config: { rateLimit: FUNDRAISER_SUBMIT_LIMIT } },
    async (request, reply, { me, viewer }) => {
      const row = await request.run(submitFundraiser, me);
      return reply.headers(noStore).send(await answer(app.db, row, viewer));
    },
  );

  route(app, endpoints.withdraw, { config: { rateLimit: FUNDRAISER_SUBMIT_LIMIT } }, async (request, reply, { me }) => {
    await request.run(withdrawFundraiser, me);
    return reply.code(204).send();
  });

  /** A dated update on her live fundraiser, mailed to its followers after the answer. */
  route(
    app,
    endpoints.postUpdate,
    { config: { rateLimit: FUNDRAISER_UPDATE_LIMIT } },
    async (request, reply, { me, viewer }) => {
      const owner = me;
      const { notified } = await request.run(postFundraiserUpdate, links, owner, request.body);
      const row = await ownFundraiser(app.db, owner.id);
      return reply
        .code(201)
        .headers(noStore)
        .send({ ...(await answer(app.db, row, viewer)), notified });
    },
  );

  route(
    app,
    endpoints.editStory,
    { config: { rateLimit: FUNDRAISER_SAVE_LIMIT } },
    async (request, reply, { me, viewer }) => {
      const row = await request.run(editFundraiserStory, me, request.body);
      return reply.headers(noStore).send(await answer(app.db, row, viewer));
    },
  );

  route(
    app,
    endpoints.proposeMoneyChange,
    { config: { rateLimit: FUNDRAISER_SUBMIT_LIMIT } },
    async (request, reply, { me, viewer }) => {
      const row = await request.run(proposeMoneyChange, me, request.body);
      return reply.headers(noStore).send(await answer(app.db, row, viewer));
    },
  );

  route(
    app,
    endpoints.withdrawMoneyChange,
    { config: { rateLimit: FUNDRAISER_SUBMIT_LIMIT } },
    async (request, reply, { me, viewer }) => {
      const row = await request.run(withdrawMoneyChange, me);
      return reply.headers(noStore).send(await answer(app.db, row, viewer));
    },
  );

  route(
    app,
    endpoints.close,
    { config: { rateLimit: FUNDRAISER_SUBMIT_LIMIT } },
    async (request, reply, { me, viewer }) => {
      const row = await request.run(closeFundraiser, me);
      return reply.headers(noStore).send(await answer(app.db, row, viewer));
    },
  );

  /** Her approved fundraiser's gifts, newest first (names only with the donor's consent, never an address). */
  route(app, endpoints.gifts, {}, async (request, reply, { me }) => {
    const row = await ownFundraiser(app.db, me.id);
    if (!row?.campaignId) throw new AppError('NOT_FOUND', 'You have no fundraiser that takes gifts yet');
    const [page, thankable] = await Promise.all([
      ownGiftsPage(app.db, row.campaignId, request.query.page, presentOwnGift),
      thankableDonorCount(app.db, row.campaignId),
    ]);
    return reply.headers(noStore).send({ ...page, thankable });
  });

  /** Her thank-you, mailed after the answer to each donor who left an address, once. */
  route(
    app,
    endpoints.thankDonors,
    { config: { rateLimit: FUNDRAISER_THANKS_LIMIT } },
    async (request, reply, { me }) => {
      const answer = await request.run(thankDonors, links, me, request.body);
      return reply.headers(noStore).send(answer);
    },
  );
};
export default fundraiserRoutes;
