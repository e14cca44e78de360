/**
 * Care plans (decision 021): her own plan under /api/my/care-plan; a helper's reading and claims under
 * /api/care-plans; the open-slots link for anyone who has it. Every answer that may hold her address is `no-store`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as endpoints from '#shared/contract/care-plans.ts';
import { CARE_THANKS_DAYS } from '#shared/care-plan.ts';
import { shownName } from '#shared/community-name.ts';
import { AppError } from '#shared/errors.ts';
import {
  addCareRequest,
  approveCareFollower,
  cancelCareRequest,
  claimCareSlot,
  inviteToCarePlan,
  joinCareCircle,
  markCareClaimDone,
  removeFromCareCircle,
  replaceCareLink,
  saveCarePlan,
  unclaimCareSlot,
} from '../../commands/care-plans.ts';
import {
  careCircleOf,
  carePlanById,
  carePlanByShareToken,
  carePlanOfPatient,
  careRequestsOf,
  followersOfPatient,
  standingCareClaims,
  type CarePlanRow,
} from '../../db/queries/care-plans.ts';
import { findUserById } from '../../db/queries/users.ts';
import { authorizeConfirmedEmail, carePlanFactsFor, carePlanPolicy } from '../../policies/care-plans.ts';
import type { Viewer } from '../../policies/viewer.ts';
import { careSlots, presentHelperCarePlan, presentMyCarePlan } from '../../presenters/care-plan.ts';
import { addDays, dayIn, shownDays } from '../../services/care-recurrence.ts';
import { calendarFeedPath, calendarFeedToken, careCalendarFeed, claimsForFeed } from '../../services/care-mail.ts';
import { CARE_INVITATIONS } from '../../services/account-limits.ts';
import { safeEqual } from '../../services/tokens.ts';
import { route } from '../endpoint.ts';

const noStore = { 'cache-control': 'no-store' };

const carePlans: FastifyPluginAsyncZod = async (app) => {
  /** What the shown days of a plan hold (and `daysBack` before them): its requests and the standing claims on them. */
  const contentsOf = async (plan: CarePlanRow, now: Date, daysBack = 0) => {
    const { fromDay, toDay } = shownDays(plan.timeZone, now);
    const [requests, claims] = await Promise.all([
      careRequestsOf(app.db, plan.id),
      standingCareClaims(app.db, plan.id, addDays(fromDay, -daysBack), toDay),
    ]);
    return { requests, claims };
  };

  const myPlan = async (patientId: string) => {
    const now = app.clock.now();
    const plan = await carePlanOfPatient(app.db, patientId);
    if (!plan) return presentMyCarePlan(undefined, [], [], { circle: [], followers: [] }, now);
    const [{ requests, claims }, circle, followers] = await Promise.all([
      contentsOf(plan, now, CARE_THANKS_DAYS),
      careCircleOf(app.db, plan.id),
      followersOfPatient(app.db, patientId),
    ]);
    return presentMyCarePlan(plan, requests, claims, { circle, followers }, now);
  };

  /** Her plan as this helper may read it, or 404. */
  const helperPlan = async (planId: string, viewer: NonNullable<Viewer>) => {
    const now = app.clock.now();
    const plan = await carePlanById(app.db, planId);
    if (!plan) throw new AppError('NOT_FOUND', 'No such care plan');
    const facts = await carePlanFactsFor(app.db, plan, viewer, dayIn(now, plan.timeZone));
    carePlanPolicy.authorize(viewer, 'view', facts);
    const [{ requests, claims }, patient] = await Promise.all([
      contentsOf(plan, now),
      findUserById(app.db, plan.patientId),
    ]);
    const sees = {
      home: carePlanPolicy.can(viewer, 'seeHome', facts),
      mealNeeds: carePlanPolicy.can(viewer, 'seeMealNeeds', facts),
    };
    return presentHelperCarePlan(
      plan,
      patient!,
      requests,
      claims,
      viewer.id,
      sees,
      calendarFeedPath(viewer.id, app.config.sessionSecret),
      now,
    );
  };

  route(app, endpoints.myCarePlan, {}, async (_request, reply, { me }) =>
    reply.headers(noStore).send(await myPlan(me.id)),
  );
  route(app, endpoints.saveCarePlan, {}, async (request, reply, { me }) => {
    await request.run(saveCarePlan, me.id, request.body);
    return reply.headers(noStore).send(await myPlan(me.id));
  });
  route(app, endpoints.addCareRequest, {}, async (request, reply, { me }) => {
    await request.run(addCareRequest, me.id, request.body);
    return reply
      .status(201)
      .headers(noStore)
      .send(await myPlan(me.id));
  });
  route(app, endpoints.cancelCareRequest, {}, async (request, reply, { me }) => {
    await request.run(cancelCareRequest, app.config.publicUrl, me.id, request.params.requestId);
    return reply.headers(noStore).send(await myPlan(me.id));
  });
  route(app, endpoints.markCareClaimDone, {}, async (request, reply, { me }) => {
    await request.run(markCareClaimDone, app.config.publicUrl, me.id, request.params.claimId);
    return reply.headers(noStore).send(await myPlan(me.id));
  });

  route(app, endpoints.replaceCareLink, {}, async (request, reply, { me }) => {
    await request.run(replaceCareLink, me.id);
    return reply.headers(noStore).send(await myPlan(me.id));
  });
  route(app, endpoints.inviteToCarePlan, {}, async (request, reply, { me }) => {
    authorizeConfirmedEmail(me, 'invite');
    await app.accountLimits.take(CARE_INVITATIONS, me.id, reply);
    await request.run(inviteToCarePlan, app.config.publicUrl, me, request.body.email);
    return reply.send({ message: `Your link is on its way to ${request.body.email}.` });
  });
  route(app, endpoints.approveCareFollower, {}, async (request, reply, { me }) => {
    await request.run(approveCareFollower, me.id, request.body.userId);
    return reply.headers(noStore).send(await myPlan(me.id));
  });
  route(app, endpoints.removeFromCareCircle, {}, async (request, reply, { me }) => {
    await request.run(removeFromCareCircle, app.config.publicUrl, me.id, request.params.userId);
    return reply.headers(noStore).send(await myPlan(me.id));
  });

  route(app, endpoints.carePlan, {}, async (request, reply, { viewer }) =>
    reply.headers(noStore).send(await helperPlan(request.params.planId, viewer)),
  );
  route(app, endpoints.claimCareSlot, {}, async (request, reply, { me, viewer }) => {
    await request.run(
      claimCareSlot,
      app.config.publicUrl,
      { ...viewer, emailVerifiedAt: me.emailVerifiedAt },
      request.params,
    );
    return reply
      .status(201)
      .headers(noStore)
      .send(await helperPlan(request.params.planId, viewer));
  });
  route(app, endpoints.unclaimCareSlot, {}, async (request, reply, { me }) => {
    await request.run(unclaimCareSlot, me.id, request.params.claimId);
    return reply.status(204).send();
  });

  /** The plan her link names, or 404 (a link she replaced names none). */
  const sharedPlan = async (token: string) => {
    const plan = await carePlanByShareToken(app.db, token);
    if (!plan) throw new AppError('NOT_FOUND', 'This link is not in use any more; ask her for a new one');
    return plan;
  };
  route(app, endpoints.openCareSlots, {}, async (request, reply) => {
    const now = app.clock.now();
    const plan = await sharedPlan(request.params.token);
    const [{ requests, claims }, patient] = await Promise.all([
      contentsOf(plan, now),
      findUserById(app.db, plan.patientId),
    ]);
    const open = careSlots({ plan, requests, claims, now, readerId: null }).filter((s) => s.open > 0 && !s.paused);
    return reply.headers({ 'cache-control': 'private, no-cache', 'x-robots-tag': 'noindex' }).send({
      patientName: shownName(patient!),
      timeZone: plan.timeZone,
      slots: open.map((s) => ({
        day: s.day,
        startTime: s.startTime,
        endTime: s.endTime,
        category: s.category,
        open: s.open,
      })),
    });
  });
  route(app, endpoints.joinCarePlan, {}, async (request, reply, { me }) => {
    const plan = await sharedPlan(request.params.token);
    await request.run(joinCareCircle, me.id, plan);
    return reply.send({ planId: plan.id });
  });

  route(app, endpoints.careCalendarFeed, {}, async (request, reply) => {
    const { userId, token } = request.params;
    if (!safeEqual(token, calendarFeedToken(userId, app.config.sessionSecret)))
      throw new AppError('NOT_FOUND', 'No such calendar');
    // Yesterday in UTC: no zone on Earth is already two days on.
    const today = addDays(dayIn(app.clock.now(), 'UTC'), -1);
    const claims = await claimsForFeed(app.db, app.config.publicUrl, userId, today);
    return reply
      .headers({ ...noStore, 'content-type': 'text/calendar; charset=utf-8', 'x-robots-tag': 'noindex' })
      .send(careCalendarFeed(claims));
  });
};
export default carePlans;
