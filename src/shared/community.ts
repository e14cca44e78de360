/**
 * The community's fixed choices (story tags, doctors' specialties, expertise and consultation types), without
 * zod: the public story and doctor pages read them, and a signed-out reader never loads the form schemas.
 */

/** Condition tags a story can carry (filter on /stories). */
export const STORY_TAGS = [
  'Endometriosis',
  'Adenomyosis',
  'PCOS',
  'Fibroids',
  'Chronic pain',
  'Fertility',
  'Surgery and recovery',
  'Mental health',
  'Diagnosis journey',
  'Caregiving',
] as const;
export type StoryTag = (typeof STORY_TAGS)[number];

export const DOCTOR_SPECIALTIES = [
  'Obstetrics & Gynecology',
  'Internal Medicine',
  'Family Medicine',
  'Psychiatry',
  'Psychology',
  'Oncology',
  'Endocrinology',
  'Cardiology',
  'Dermatology',
  'Rheumatology',
  'Other',
] as const;
export const AREAS_OF_EXPERTISE = [
  "Women's Reproductive Health",
  'Pregnancy & Childbirth',
  'Mental Health & Trauma',
  'Cancer Treatment',
  'Chronic Pain Management',
  'Autoimmune Disorders',
  'Hormonal Disorders',
  'Surgical Procedures',
  'Alternative Medicine',
  'Medical Malpractice Issues',
] as const;
/** The spec names the field but not its choices; these are the ways our doctors can help. */
export const CONSULTATION_TYPES = [
  'Written replies to stories',
  'Video consultation',
  'Phone consultation',
  'In-person consultation',
  'Second opinion',
] as const;

export const DOCTOR_SEARCH_MAX = 100;
