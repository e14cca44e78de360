/** Medical review of a patient's fundraiser: her request (the grant) and the doctor's requests and decisions. */
import * as doctors from '#shared/contract/doctors.ts';
import * as reviews from '#shared/contract/medical-reviews.ts';
import type { MedicalAttestationInput, MedicalDeclineInput } from '#shared/schemas/medical-reviews.ts';
import { call, keyOf, queryOf } from '#client/lib/api.ts';

/** Her latest request (open, or the last one that ended), or null. */
export const myMedicalReviewQuery = () => queryOf(reviews.mine);
export const MY_MEDICAL_REVIEW_KEY = keyOf(reviews.mine);
/** Asks this doctor, and so shares the application and documents with her. */
export const requestMedicalReview = (doctorId: string) => call(reviews.request, { body: { doctorId } });
/** Cancels the request or takes the access back. */
export const revokeMedicalReview = () => call(reviews.revoke);

/** The directory's search, for choosing a doctor. */
export const doctorSearchQuery = (q: string) => queryOf(doctors.directory, { query: { q } });

export const doctorMedicalReviewsQuery = (page: number) => queryOf(reviews.requests, { query: { page } });
/** The application while she is granted it (404 once the grant ended). */
export const medicalReviewApplicationQuery = (id: string) => queryOf(reviews.application, { params: { id } });
export const attestMedicalReview = (id: string, body: MedicalAttestationInput) =>
  call(reviews.attest, { params: { id }, body });
export const declineMedicalReview = (id: string, body: MedicalDeclineInput) =>
  call(reviews.decline, { params: { id }, body });
