/**
 * Medical review of a patient's fundraiser (decision 009): the patient asks a verified doctor and so grants her the
 * application, or takes it back; the doctor lists her requests, reads a granted application and decides.
 */
import {
  DoctorMedicalReviewItemSchema,
  DoctorMedicalReviewsQuerySchema,
  MedicalAttestationSchema,
  MedicalDeclineSchema,
  MedicalReviewApplicationSchema,
  MedicalReviewParamsSchema,
  MedicalReviewRequestSchema,
  MyMedicalReviewAnswerSchema,
} from '../schemas/medical-reviews.ts';
import { pageSchema } from '../schemas/paging.ts';
import { endpoint } from './endpoint.ts';

const patient = { role: 'patient' } as const;
const doctor = { role: 'doctor' } as const;
const MINE = '/api/my-fundraiser/medical-review';
const DOCTOR = '/api/doctor/medical-reviews';
/** A decision moves her requests and, for an attestation, what the fundraiser's public page shows. */
const decision = {
  method: 'POST',
  access: doctor,
  params: MedicalReviewParamsSchema,
  responses: { 200: DoctorMedicalReviewItemSchema },
  changes: ['medical-reviews', 'fundraisers'],
} as const;

export const mine = endpoint({
  method: 'GET',
  path: MINE,
  access: patient,
  resource: 'medical-reviews',
  responses: { 200: MyMedicalReviewAnswerSchema },
});
/** 201 when a new request was made; 200 when she had already asked this doctor. */
export const request = endpoint({
  method: 'POST',
  path: MINE,
  access: patient,
  body: MedicalReviewRequestSchema,
  responses: { 200: MyMedicalReviewAnswerSchema, 201: MyMedicalReviewAnswerSchema },
  changes: ['medical-reviews'],
});
export const revoke = endpoint({
  method: 'DELETE',
  path: MINE,
  access: patient,
  responses: { 200: MyMedicalReviewAnswerSchema },
  changes: ['medical-reviews', 'fundraisers'],
});
export const requests = endpoint({
  method: 'GET',
  path: DOCTOR,
  access: doctor,
  resource: 'medical-reviews',
  query: DoctorMedicalReviewsQuerySchema,
  responses: { 200: pageSchema(DoctorMedicalReviewItemSchema) },
});
export const application = endpoint({
  method: 'GET',
  path: `${DOCTOR}/:id`,
  access: doctor,
  resource: 'medical-reviews',
  params: MedicalReviewParamsSchema,
  responses: { 200: MedicalReviewApplicationSchema },
});
export const attest = endpoint({ ...decision, path: `${DOCTOR}/:id/attest`, body: MedicalAttestationSchema });
export const decline = endpoint({ ...decision, path: `${DOCTOR}/:id/decline`, body: MedicalDeclineSchema });
