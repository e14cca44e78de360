/** The doctor directory, the doctor dashboard and the verification queue (issue 5): requests and answers. */
import { z } from 'zod';
import { AREAS_OF_EXPERTISE, CONSULTATION_TYPES, DOCTOR_SEARCH_MAX, DOCTOR_SPECIALTIES } from '../community.ts';
import { ReadVersionSchema } from './common.ts';
import { pageParam, pageSchema } from './paging.ts';

export { DOCTOR_SEARCH_MAX };

export const VERIFICATION_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** Doctors per directory page. */
export const DOCTORS_PAGE_SIZE = 10;
/** Stories asking for professional input per page of the doctor dashboard. */
export const DASHBOARD_STORIES_PAGE_SIZE = 20;
export const VERIFICATION_REASON_MIN = 3;
export const VERIFICATION_REASON_MAX = 500;

/** The page of a list: the same rule as every list. */
const page = pageParam;
/** A filter left empty in a form (`?specialty=`) means no filter. */
const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.enum(values, { error: message }).optional());

/** GET /api/doctors: unknown parameters (a campaign tag on a shared link) are ignored, not refused. */
export const DoctorDirectoryQuerySchema = z.object({
  specialty: choice(DOCTOR_SPECIALTIES, 'Choose a specialty from the list'),
  expertise: choice(AREAS_OF_EXPERTISE, 'Choose an area of expertise from the list'),
  consultation: choice(CONSULTATION_TYPES, 'Choose a consultation type from the list'),
  q: z
    .string({ error: 'Search text must be text' })
    // Control characters are never part of a name or bio (and PostgreSQL refuses a NUL in text).
    .transform((v) => v.replace(/\p{Cc}/gu, ' ').trim())
    .pipe(z.string().max(DOCTOR_SEARCH_MAX, `Keep the search under ${DOCTOR_SEARCH_MAX} characters`))
    .transform((v) => v || undefined)
    .optional(),
  page,
});

export const DoctorDashboardQuerySchema = z.strictObject({ page });
export type DoctorDirectoryQuery = z.output<typeof DoctorDirectoryQuerySchema>;

/** GET /api/admin/doctor-verifications */
export const DoctorVerificationsQuerySchema = z.strictObject({
  status: z.enum(VERIFICATION_STATUSES, { error: 'status must be pending, verified or rejected' }).default('pending'),
  page,
});

/** POST /api/admin/doctor-verifications/:id/reject: the doctor reads the reason. */
export const RejectDoctorFormSchema = z.strictObject({
  reason: z
    .string({ error: 'Give a reason the doctor will see' })
    .trim()
    .min(VERIFICATION_REASON_MIN, 'Give a reason the doctor will see')
    .max(VERIFICATION_REASON_MAX, `Keep the reason under ${VERIFICATION_REASON_MAX} characters`)
    // Line breaks and tabs are fine; other control characters cannot be shown (and PostgreSQL refuses a NUL).
    .refine((v) => !/[^\P{Cc}\n\r\t]/u.test(v), 'The reason holds characters that cannot be shown'),
});
/** A rejection names the profile version its manager read (decision 010). */
export const RejectDoctorSchema = RejectDoctorFormSchema.extend({ version: ReadVersionSchema });
export type RejectDoctorInput = z.input<typeof RejectDoctorSchema>;

/** POST /api/admin/doctor-verifications/:id/verify names the profile version its manager read (decision 010). */
export const VerifyDoctorSchema = z.strictObject({ version: ReadVersionSchema });

/** A verified doctor as anyone may see them (the directory and the profile page): never the license number. */
export const PublicDoctorSchema = z.object({
  /** The doctor's user id. */
  id: z.string(),
  /** "Dr. First Last" */
  name: z.string(),
  specialty: z.string(),
  yearsExperience: z.number().int(),
  hospitalAffiliation: z.string().nullable(),
  bio: z.string(),
  areasOfExpertise: z.array(z.string()),
  consultationTypes: z.array(z.string()),
  licenseState: z.string(),
  profileImageUrl: z.string().nullable(),
});
export type PublicDoctor = z.infer<typeof PublicDoctorSchema>;

/** A story asking for professional input, as the doctor dashboard lists it. */
export const InputRequestStorySchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The start of the published story. */
  excerpt: z.string(),
  tags: z.array(z.string()),
  authorName: z.string(),
  publishedAt: z.string(),
  /** The doctor's own visible replies on this story. */
  myReplies: z.number().int(),
});
export type InputRequestStory = z.infer<typeof InputRequestStorySchema>;

/** GET /api/doctor/dashboard */
export const DoctorDashboardSchema = z.object({
  /** `not_submitted` until the doctor completes onboarding. */
  verification: z.object({
    status: z.enum([...VERIFICATION_STATUSES, 'not_submitted']),
    note: z.string().nullable(),
    decidedAt: z.string().nullable(),
  }),
  /** What the doctor should do now, in a sentence or two. */
  nextStep: z.object({
    title: z.string(),
    text: z.string(),
    link: z.object({ href: z.string(), text: z.string() }).nullable(),
  }),
  /** The doctor's own profile, license number included (only they and admins see it). */
  profile: PublicDoctorSchema.omit({ name: true, profileImageUrl: true })
    .extend({ licenseNumber: z.string(), medicalBoard: z.string() })
    .nullable(),
  /** Stories whose authors asked for professional input, newest first, a page at a time; empty until verified. */
  stories: pageSchema(InputRequestStorySchema),
  counts: z.object({ replies: z.number().int(), thanked: z.number().int() }),
});
export type DoctorDashboard = z.infer<typeof DoctorDashboardSchema>;

/** GET /api/admin/doctor-verifications item: the license details an admin checks. */
export const DoctorVerificationItemSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  accountStatus: z.enum(['active', 'suspended']),
  specialty: z.string(),
  licenseNumber: z.string(),
  licenseState: z.string(),
  medicalBoard: z.string(),
  hospitalAffiliation: z.string().nullable(),
  yearsExperience: z.number().int(),
  bio: z.string(),
  areasOfExpertise: z.array(z.string()),
  consultationTypes: z.array(z.string()),
  status: z.enum(VERIFICATION_STATUSES),
  note: z.string().nullable(),
  /** The profile's version, named by a decision on it. */
  version: z.number().int(),
  /** When the doctor last submitted their profile. */
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedByEmail: z.string().nullable(),
});
export type DoctorVerificationItem = z.infer<typeof DoctorVerificationItemSchema>;

/** A verification decision's answer: the profile as it is now, and whether the decision changed anything. */
export const DoctorDecisionSchema = DoctorVerificationItemSchema.extend({ changed: z.boolean() });
