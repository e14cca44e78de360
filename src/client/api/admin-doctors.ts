/** Doctor verification calls: the queue by status, and verifying or rejecting a doctor. */
import type { z } from 'zod';
import * as doctors from '#shared/contract/doctors.ts';
import type { RejectDoctorSchema, VerificationStatus } from '#shared/schemas/doctors.ts';
import { call, keyOf } from '#client/lib/api.ts';

/** Whether the decision changed anything (the same decision again changes nothing). */
export interface DoctorDecision {
  changed: boolean;
}

export const doctorVerificationsKey = (status: VerificationStatus, page: number) =>
  keyOf(doctors.verifications, { query: { status, page } });
/** One page of the doctors in a status (pending oldest first, decided ones latest first). */
export const listDoctorVerifications = (status: VerificationStatus, page: number) =>
  call(doctors.verifications, { query: { status, page } });

/** Both decisions name the profile version the manager read; a changed profile answers 409 (decision 010). */
export const verifyDoctor = (id: string, version: number) =>
  call(doctors.verify, { params: { id }, body: { version } });

export const rejectDoctor = (id: string, input: z.input<typeof RejectDoctorSchema>) =>
  call(doctors.reject, { params: { id }, body: input });
