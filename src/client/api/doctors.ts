/** The doctor directory, a doctor's public profile, and the doctor's own dashboard. */
import * as doctors from '#shared/contract/doctors.ts';
import type { DoctorDirectoryQuery } from '#shared/schemas/doctors.ts';
import { call, keyOf } from '#client/lib/api.ts';
import { pageQueryOf } from '#client/lib/page-query.ts';

/** GET /api/doctors: one page of verified doctors (the query as the server reads it; empty filters are left out). */
export const doctorsQuery = (query: DoctorDirectoryQuery) => pageQueryOf(doctors.directory, { query });
/** GET /api/doctors/:id (404 for anyone not a verified doctor) */
export const doctorQuery = (id: string) => pageQueryOf(doctors.doctor, { params: { id } });

/** GET /api/doctor/dashboard (doctors only), with one page of the stories asking for input. */
export const doctorDashboardKey = (page: number) => keyOf(doctors.dashboard, { query: { page } });
export const getDoctorDashboard = (page: number) => call(doctors.dashboard, { query: { page } });
