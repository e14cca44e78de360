/**
 * Care plans (issue 39, decision 021): a patient keeps hers (settings, requests, done marks); the people she let in
 * read it and claim its dates; anyone with her link sees only what is open, and joins her circle by signing in.
 */
import {
  CareCalendarParamsSchema,
  CareCircleAddSchema,
  CareCircleParamsSchema,
  CareInvitationSchema,
  CareClaimParamsSchema,
  CarePlanParamsSchema,
  CarePlanSettingsSchema,
  CareRequestParamsSchema,
  CareRequestSchema,
  CareShareParamsSchema,
  CareSlotParamsSchema,
  HelperCarePlanSchema,
  JoinedCarePlanSchema,
  MyCarePlanSchema,
  OpenCareSlotsSchema,
} from '../schemas/care-plan.ts';
import { MessageAnswerSchema } from '../schemas/auth.ts';
import { endpoint } from './endpoint.ts';

const patient = { role: 'patient' } as const;
const MINE = '/api/my/care-plan';
const keeping = { access: patient, responses: { 200: MyCarePlanSchema }, changes: ['my-care-plan'] } as const;

export const myCarePlan = endpoint({
  method: 'GET',
  path: MINE,
  access: patient,
  resource: 'my-care-plan',
  responses: { 200: MyCarePlanSchema },
});
/** Starts her plan, or changes its settings (with the version she read: 409 when it moved). */
export const saveCarePlan = endpoint({ ...keeping, method: 'PUT', path: MINE, body: CarePlanSettingsSchema });
export const addCareRequest = endpoint({
  ...keeping,
  method: 'POST',
  path: `${MINE}/requests`,
  body: CareRequestSchema,
  responses: { 201: MyCarePlanSchema },
});
export const cancelCareRequest = endpoint({
  ...keeping,
  method: 'DELETE',
  path: `${MINE}/requests/:requestId`,
  params: CareRequestParamsSchema,
});
/** She marks a helper's claim done: the helper is thanked, and no longer sees her address for it. */
export const markCareClaimDone = endpoint({
  ...keeping,
  method: 'POST',
  path: `${MINE}/claims/:claimId/done`,
  params: CareClaimParamsSchema,
});

/** She replaces her link: the old one is 404 from now on (the people already in her circle stay). */
export const replaceCareLink = endpoint({ ...keeping, method: 'POST', path: `${MINE}/link` });
/** She mails her link to someone she asks for help (her email confirmed; a limited number a day). */
export const inviteToCarePlan = endpoint({
  method: 'POST',
  path: `${MINE}/invitations`,
  access: patient,
  body: CareInvitationSchema,
  responses: { 200: MessageAnswerSchema },
});
/** She lets a follower of her fundraiser into her circle. */
export const approveCareFollower = endpoint({
  ...keeping,
  method: 'POST',
  path: `${MINE}/circle`,
  body: CareCircleAddSchema,
});
/** She takes someone out of her circle. */
export const removeFromCareCircle = endpoint({
  ...keeping,
  method: 'DELETE',
  path: `${MINE}/circle/:userId`,
  params: CareCircleParamsSchema,
});

/** Her plan as a helper reads it: 404 to anyone she did not let in (unless it is for members). */
export const carePlan = endpoint({
  method: 'GET',
  path: '/api/care-plans/:planId',
  access: 'user',
  params: CarePlanParamsSchema,
  resource: 'care-plan',
  responses: { 200: HelperCarePlanSchema },
});
/** A helper claims one date; 409 when its places are taken (or it has begun, or meals are paused). */
export const claimCareSlot = endpoint({
  method: 'POST',
  path: '/api/care-plans/:planId/requests/:requestId/days/:day/claim',
  access: 'user',
  params: CareSlotParamsSchema,
  responses: { 201: HelperCarePlanSchema },
  changes: ['care-plan', 'my-care-plan'],
});
/** A helper gives her claim back, until the patient's cutoff before the date. */
export const unclaimCareSlot = endpoint({
  method: 'DELETE',
  path: '/api/care-claims/:claimId',
  access: 'user',
  params: CareClaimParamsSchema,
  responses: { 204: null },
  changes: ['care-plan', 'my-care-plan'],
});

/** What is open in her plan, for anyone with her link: no address, notes or helpers. */
export const openCareSlots = endpoint({
  method: 'GET',
  path: '/api/care-plans/open/:token',
  access: 'public',
  params: CareShareParamsSchema,
  responses: { 200: OpenCareSlotsSchema },
});
/** A signed-in member with her link joins her circle. */
export const joinCarePlan = endpoint({
  method: 'POST',
  path: '/api/care-plans/open/:token/join',
  access: 'user',
  params: CareShareParamsSchema,
  responses: { 200: JoinedCarePlanSchema },
  changes: ['care-plan'],
});

/** Her calendar feed (iCalendar) of the dates she claimed and has not given back, for her calendar app to follow. */
export const careCalendarFeed = endpoint({
  method: 'GET',
  path: '/api/care-calendar/:userId/:token',
  access: 'public',
  params: CareCalendarParamsSchema,
  responses: { 200: 'file' },
});
