/** Her health answers with who sees each (decision 020): to herself in Account Settings, and on her member page. */
import { shownName } from '#shared/community-name.ts';
import { PROFILE_FIELD_LABELS, PROFILE_FIELDS, profileFieldWords } from '#shared/field-visibility.ts';
import type { FieldVisibilityAnswer, MemberPage } from '#shared/schemas/field-visibility.ts';
import type { FieldVisibilities, MemberRow, PatientAnswers } from '../db/queries/field-visibility.ts';
import { fieldVisibilityPolicy } from '../policies/field-visibility.ts';
import type { Viewer } from '../policies/viewer.ts';

const ROLE_WORDS = { patient: 'Patient', doctor: 'Doctor', donor: 'Donor', admin: 'Administrator' } as const;

/** Each answer with its words and setting, in the profile's order; none when she holds no answers. */
function fieldsOf(answers: PatientAnswers | null, settings: FieldVisibilities) {
  if (!answers) return [];
  return PROFILE_FIELDS.map((field) => ({
    field,
    label: PROFILE_FIELD_LABELS[field],
    value: profileFieldWords(field, answers[field]),
    visibility: settings[field],
  }));
}

/** Her own settings: every answer she holds, and whether she may widen one. */
export const presentOwnFieldVisibility = (
  answers: PatientAnswers | null,
  settings: FieldVisibilities,
  mayShare: boolean,
): FieldVisibilityAnswer => ({ fields: fieldsOf(answers, settings), mayShare });

/**
 * Her member page as this viewer may see it: her community name (never her legal name), role and picture, the
 * fields the policy shows the viewer, and the stories given.
 */
export function presentMemberPage(
  member: MemberRow,
  answers: PatientAnswers | null,
  settings: FieldVisibilities,
  stories: { id: string; title: string | null; publishedAt: Date | null }[],
  viewer: Viewer,
): MemberPage {
  return {
    id: member.id,
    shownName: shownName(member),
    roleLabel: member.role ? ROLE_WORDS[member.role] : 'Member',
    profileImageUrl: member.profileImageUrl,
    fields: fieldsOf(answers, settings).filter((f) =>
      fieldVisibilityPolicy.can(viewer, 'see', { ownerId: member.id, visibility: f.visibility }),
    ),
    stories: stories.map((s) => ({
      id: s.id,
      title: s.title ?? '',
      publishedAt: (s.publishedAt ?? new Date(0)).toISOString(),
    })),
  };
}
