/** Where the doctor directory is (its filters and page, kept in the address), and the query the server reads for it. */
import { AREAS_OF_EXPERTISE, CONSULTATION_TYPES, DOCTOR_SEARCH_MAX, DOCTOR_SPECIALTIES } from '#shared/community.ts';
import type { DoctorDirectoryQuery } from '#shared/schemas/doctors.ts';

/** The directory's filters as the address and the form hold them: '' means any. */
export interface Filters {
  specialty: NonNullable<DoctorDirectoryQuery['specialty']> | '';
  expertise: NonNullable<DoctorDirectoryQuery['expertise']> | '';
  consultation: NonNullable<DoctorDirectoryQuery['consultation']> | '';
  q: string;
}

export const NO_FILTERS: Filters = { specialty: '', expertise: '', consultation: '', q: '' };
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  values.find((v) => v === value) ?? '';

/** The query the server reads: the filters that are set, and the page. */
export const directoryQuery = (f: Filters, page: number): DoctorDirectoryQuery => ({
  specialty: f.specialty || undefined,
  expertise: f.expertise || undefined,
  consultation: f.consultation || undefined,
  q: f.q || undefined,
  page,
});

/** Where /find-doctors is, from its query string; unknown values fall back to "any", the page to 1. */
export function directoryPlace(search: string): { filters: Filters; page: number } {
  const params = new URLSearchParams(search);
  const filters: Filters = {
    specialty: oneOf(DOCTOR_SPECIALTIES, params.get('specialty')),
    expertise: oneOf(AREAS_OF_EXPERTISE, params.get('expertise')),
    consultation: oneOf(CONSULTATION_TYPES, params.get('consultation')),
    q: (params.get('q') ?? '').trim().slice(0, DOCTOR_SEARCH_MAX),
  };
  const pageParam = Number(params.get('page'));
  return { filters, page: Number.isInteger(pageParam) && pageParam > 1 ? pageParam : 1 };
}
