/** The doctor directory and profile pages (verified doctors only), a doctor's own dashboard, and verification. */
import { z } from 'zod';
import { pageSchema } from '../schemas/paging.ts';
import {
  DoctorDashboardQuerySchema,
  DoctorDashboardSchema,
  DoctorDecisionSchema,
  DoctorDirectoryQuerySchema,
  DoctorVerificationItemSchema,
  DoctorVerificationsQuerySchema,
  PublicDoctorSchema,
  RejectDoctorSchema,
  VerifyDoctorSchema,
} from '../schemas/doctors.ts';
import { IdParamsSchema } from '../schemas/common.ts';
import { endpoint } from './endpoint.ts';

const manager = { admin: 'manager' } as const;
const params = IdParamsSchema;

export const directory = endpoint({
  method: 'GET',
  path: '/api/doctors',
  access: 'public',
  query: DoctorDirectoryQuerySchema,
  resource: 'doctors',
  responses: { 200: pageSchema(PublicDoctorSchema) },
});
export const doctor = endpoint({
  method: 'GET',
  path: '/api/doctors/:id',
  access: 'public',
  params: z.object({ id: z.uuid('Not a valid doctor id') }),
  resource: 'doctors',
  responses: { 200: PublicDoctorSchema },
});
/** The doctor's own: where verification stands, their profile, and one page of the stories asking for input. */
export const dashboard = endpoint({
  method: 'GET',
  path: '/api/doctor/dashboard',
  access: { role: 'doctor' },
  query: DoctorDashboardQuerySchema,
  resource: 'doctors',
  responses: { 200: DoctorDashboardSchema },
});

export const verifications = endpoint({
  method: 'GET',
  path: '/api/admin/doctor-verifications',
  access: manager,
  query: DoctorVerificationsQuerySchema,
  resource: 'doctors',
  responses: { 200: pageSchema(DoctorVerificationItemSchema) },
});
/** Both decisions name the profile version the manager read; a changed profile answers 409 (decision 010). */
export const verify = endpoint({
  method: 'POST',
  path: '/api/admin/doctor-verifications/:id/verify',
  access: manager,
  params,
  body: VerifyDoctorSchema,
  changes: ['doctors', 'dashboard'],
  responses: { 200: DoctorDecisionSchema },
});
export const reject = endpoint({
  method: 'POST',
  path: '/api/admin/doctor-verifications/:id/reject',
  access: manager,
  params,
  body: RejectDoctorSchema,
  changes: ['doctors', 'dashboard'],
  responses: { 200: DoctorDecisionSchema },
});
