/** The doctor directory, a doctor's public profile, and the doctor's own dashboard. */
import type { Page } from '#shared/schemas/paging.ts';
import type { DoctorDashboard, DoctorDirectoryQuery, PublicDoctor } from '#shared/schemas/doctors.ts';
import { apiGet, withQuery } from '#client/lib/api.ts';

const DOCTORS_PATH = '/api/doctors';

/** Starts every directory key. */
export const DOCTORS_KEY = [DOCTORS_PATH] as const;
export const doctorsKey = (query: DoctorDirectoryQuery) => [DOCTORS_PATH, query] as const;
export const doctorKey = (id: string) => [DOCTORS_PATH, id] as const;

/** GET /api/doctors: one page of verified doctors (the query as the server reads it; empty filters are left out). */
export const listDoctors = (query: DoctorDirectoryQuery) => apiGet<Page<PublicDoctor>>(withQuery(DOCTORS_PATH, query));
/** GET /api/doctors/:id (404 for anyone not a verified doctor) */
export const getDoctor = (id: string) => apiGet<PublicDoctor>(`${DOCTORS_PATH}/${encodeURIComponent(id)}`);

export const DOCTOR_DASHBOARD_KEY = ['/api/doctor/dashboard'] as const;
/** GET /api/doctor/dashboard (doctors only), with one page of the stories asking for input. */
export const getDoctorDashboard = (page: number) =>
  apiGet<DoctorDashboard>(withQuery(DOCTOR_DASHBOARD_KEY[0], { page }));
