/**
 * Care plans (issue 39, decision 021): her own plan (/care-plan), a helper's reading of it (/care/:planId) and the
 * open-slots link anyone with it can read (/care/open/:token).
 */
import * as care from '#shared/contract/care-plans.ts';
import type { CareInvitationInput, CarePlanSettingsInput, CareRequestInput } from '#shared/schemas/care-plan.ts';
import { call, queryOf } from '#client/lib/api.ts';
import { pageQueryOf } from '#client/lib/page-query.ts';

/** Her plan as she keeps it (`plan` is null before she starts one). */
export const myCarePlanQuery = () => queryOf(care.myCarePlan);
/** Starts her plan, or saves its settings with the version she read (409 when it moved). */
export const saveCarePlan = (body: CarePlanSettingsInput) => call(care.saveCarePlan, { body });
export const addCareRequest = (body: CareRequestInput) => call(care.addCareRequest, { body });
export const cancelCareRequest = (requestId: string) => call(care.cancelCareRequest, { params: { requestId } });
export const markCareClaimDone = (claimId: string) => call(care.markCareClaimDone, { params: { claimId } });
/** Replaces her link: the old one stops working. */
export const replaceCareLink = () => call(care.replaceCareLink);
/** Mails her link to someone she asks for help (her email confirmed; at most 20 a day). */
export const inviteToCarePlan = (body: CareInvitationInput) => call(care.inviteToCarePlan, { body });
export const approveCareFollower = (userId: string) => call(care.approveCareFollower, { body: { userId } });
export const removeFromCareCircle = (userId: string) => call(care.removeFromCareCircle, { params: { userId } });

/** Her plan as this helper may read it (null when there is no such plan, or it is not shown to her). */
export const carePlanQuery = (planId: string) => pageQueryOf(care.carePlan, { params: { planId } });
export const claimCareSlot = (slot: { planId: string; requestId: string; day: string }) =>
  call(care.claimCareSlot, { params: slot });
export const unclaimCareSlot = (claimId: string) => call(care.unclaimCareSlot, { params: { claimId } });

/** What is open in her plan, for anyone with her link (null when the link is not in use). */
export const openCareSlotsQuery = (token: string) => pageQueryOf(care.openCareSlots, { params: { token } });
/** A signed-in member with her link joins her circle; the answer names the plan she can now read. */
export const joinCarePlan = (token: string) => call(care.joinCarePlan, { params: { token } });
