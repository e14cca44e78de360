/** Doctor verification calls: the queue by status, and verifying or rejecting a doctor. */
import type { z } from 'zod';
import type { Page } from '#shared/schemas/paging.ts';
import type { DoctorVerificationItem, RejectDoctorSchema, VerificationStatus } from '#shared/schemas/doctors.ts';
import { apiGet, apiRequest, withQuery } from '#client/lib/api.ts';

const QUEUE_PATH = '/api/admin/doctor-verifications';
export const DOCTOR_VERIFICATIONS_KEY = [QUEUE_PATH] as const;

/** Whether the decision changed anything (the same decision again changes nothing). */
export interface DoctorDecision {
  changed: boolean;
}

const doctorPath = (id: string, action: 'verify' | 'reject') => `${QUEUE_PATH}/${encodeURIComponent(id)}/${action}`;

/** One page of the doctors in a status (pending oldest first, decided ones latest first). */
export const listDoctorVerifications = (status: VerificationStatus, page: number) =>
  apiGet<Page<DoctorVerificationItem>>(withQuery(QUEUE_PATH, { status, page }));

/** Both decisions name the profile version the manager read; a changed profile answers 409 (decision 010). */
export const verifyDoctor = (id: string, version: number) =>
  apiRequest<DoctorDecision>('POST', doctorPath(id, 'verify'), { version });

export const rejectDoctor = (id: string, input: z.input<typeof RejectDoctorSchema>) =>
  apiRequest<DoctorDecision>('POST', doctorPath(id, 'reject'), input);
