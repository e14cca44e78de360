/** The doctor directory, a doctor's public profile, and the doctor's own dashboard. */
import type { Page } from '#shared/schemas/paging.ts';
import type { DoctorDashboard, DoctorDirectoryQuery, PublicDoctor } from '#shared/schemas/doctors.ts';
import { apiGet, withQuery } from '#client/lib/api.ts';
import { pageQuery } from '#client/lib/page-query.ts';

const DOCTORS_PATH = '/api/doctors';

/** Starts every directory key. */
export const DOCTORS_KEY = [DOCTORS_PATH] as const;

/** GET /api/doctors: one page of verified doctors (the query as the server reads it; empty filters are left out). */
export const doctorsQuery = (query: DoctorDirectoryQuery) =>
  pageQuery<Page<PublicDoctor>>([DOCTORS_PATH, query], withQuery(DOCTORS_PATH, query));
/** GET /api/doctors/:id (404 for anyone not a verified doctor) */
export const doctorQuery = (id: string) =>
  pageQuery<PublicDoctor>([DOCTORS_PATH, id], `${DOCTORS_PATH}/${encodeURIComponent(id)}`);

export const DOCTOR_DASHBOARD_KEY = ['/api/doctor/dashboard'] as const;
/** GET /api/doctor/dashboard (doctors only), with one page of the stories asking for input. */
export const getDoctorDashboard = (page: number) =>
  apiGet<DoctorDashboard>(withQuery(DOCTOR_DASHBOARD_KEY[0], { page }));
