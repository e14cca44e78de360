/** Medical review of a patient's fundraiser: her request (the grant) and the doctor's requests and decisions. */
import type { Page } from '#shared/schemas/paging.ts';
import type { PublicDoctor } from '#shared/schemas/doctors.ts';
import type {
  DoctorMedicalReviewItem,
  MedicalAttestationInput,
  MedicalDeclineInput,
  MedicalReviewApplication,
  MedicalReviewRequestInput,
  MyMedicalReview,
} from '#shared/schemas/medical-reviews.ts';
import { apiGet, apiRequest, withQuery } from '#client/lib/api.ts';

const MINE = '/api/my-fundraiser/medical-review';
export const MY_MEDICAL_REVIEW_KEY = [MINE] as const;

interface MyAnswer {
  review: MyMedicalReview | null;
}

/** Her latest request (open, or the last one that ended), or null. */
export const getMyMedicalReview = () => apiGet<MyAnswer>(MINE);
/** Asks this doctor, and so shares the application and documents with her. */
export const requestMedicalReview = (input: MedicalReviewRequestInput) => apiRequest<MyAnswer>('POST', MINE, input);
/** Cancels the request or takes the access back. */
export const revokeMedicalReview = () => apiRequest<MyAnswer>('DELETE', MINE);

/** The directory's search, for choosing a doctor. */
export const searchDoctors = (q: string) => apiGet<Page<PublicDoctor>>(withQuery('/api/doctors', { q }));

const DOCTOR = '/api/doctor/medical-reviews';
export const DOCTOR_MEDICAL_REVIEWS_KEY = [DOCTOR] as const;

export const getDoctorMedicalReviews = (page: number) =>
  apiGet<Page<DoctorMedicalReviewItem>>(withQuery(DOCTOR, { page }));
/** The application while she is granted it (404 once the grant ended). */
export const getMedicalReviewApplication = (id: string) =>
  apiGet<MedicalReviewApplication>(`${DOCTOR}/${encodeURIComponent(id)}`);
export const attestMedicalReview = (id: string, input: MedicalAttestationInput) =>
  apiRequest<DoctorMedicalReviewItem>('POST', `${DOCTOR}/${encodeURIComponent(id)}/attest`, input);
export const declineMedicalReview = (id: string, input: MedicalDeclineInput) =>
  apiRequest<DoctorMedicalReviewItem>('POST', `${DOCTOR}/${encodeURIComponent(id)}/decline`, input);
