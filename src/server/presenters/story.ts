/** Stories and words of support as each audience may see them: public, author, moderator. */
import type {
  ModeratedStory,
  OwnStory,
  PublicStory,
  PublicStorySummary,
  StoryHistoryEntry,
  SupportReply,
  SupportReport,
} from '#shared/schemas/stories.ts';
import type { StoryRow, StorySummaryFields } from '../db/queries/stories.ts';
import { excerpt } from '#shared/story-text.ts';
import { shownName } from '#shared/community-name.ts';
import { MEMBERS_ONLY_AUTHOR, MEMBERS_PREVIEW_CHARS } from '#shared/story-audience.ts';
import { moderatedStoryAbilities, ownStoryAbilities, storyReadPolicy } from '../policies/stories.ts';
import { replyAbilities } from '../policies/support.ts';
import type { Viewer } from '../policies/viewer.ts';
import { storyHtml } from '../services/story-html.ts';
import { storyIsPublic } from '../services/story-visibility.ts';
import type { OpenReportRow } from '../db/queries/support.ts';

/** Whom others see as a story's or a reply's author (decision 019). */
type PersonName = { firstName: string; lastName: string; communityName: string | null };

/**
 * The published copy only, its text as an excerpt; never the working copy, never health fields. A members-only
 * story to an outsider: its title and excerpt, without its images or its author's name (story read policy).
 */
export function presentPublicStorySummary(
  s: StorySummaryFields,
  author: PersonName,
  supportCount: number,
  viewer: Viewer,
): PublicStorySummary {
  const whole = storyReadPolicy.can(viewer, 'readWhole', s);
  return {
    id: s.id,
    title: s.publishedTitle ?? '',
    excerpt: excerpt(s.publishedBody ?? ''),
    tags: s.publishedTags ?? [],
    images: whole ? (s.publishedImages ?? []) : [],
    authorName: whole ? shownName(author) : MEMBERS_ONLY_AUTHOR,
    publishedAt: s.publishedAt!.toISOString(),
    wantsProfessionalInput: s.wantsProfessionalInput,
    donateLink: s.campaignId ? '/donate' : null,
    supportCount,
    audience: s.audience,
    contentNotes: s.contentNotes,
  };
}

/**
 * The published copy whole, with its Markdown rendered to safe HTML; to an outsider of a members-only story only
 * its preview (the first MEMBERS_PREVIEW_CHARS characters, no body): what the server-rendered page can hold.
 */
export async function presentPublicStory(
  s: StoryRow,
  author: PersonName,
  supportCount: number,
  viewer: Viewer,
): Promise<PublicStory> {
  const summary = presentPublicStorySummary(s, author, supportCount, viewer);
  const body = s.publishedBody ?? '';
  if (!storyReadPolicy.can(viewer, 'readWhole', s))
    return { ...summary, excerpt: excerpt(body, MEMBERS_PREVIEW_CHARS), preview: true, body: '', bodyHtml: '' };
  return { ...summary, preview: false, body, bodyHtml: await storyHtml(body) };
}

export function presentOwnStory(s: StoryRow, viewer: Viewer): OwnStory {
  return {
    id: s.id,
    status: s.status,
    title: s.title,
    body: s.body,
    tags: s.tags,
    images: s.images,
    wantsProfessionalInput: s.wantsProfessionalInput,
    publishConsent: s.publishConsent,
    audience: s.audience,
    contentNotes: s.contentNotes,
    reviewReason: s.reviewReason,
    hiddenReason: s.hiddenReason,
    isPublic: storyIsPublic(s),
    publishedAt: s.publishedAt?.toISOString() ?? null,
    submittedAt: s.submittedAt?.toISOString() ?? null,
    updatedAt: s.updatedAt.toISOString(),
    abilities: ownStoryAbilities(viewer, s),
  };
}

export function presentModeratedStory(
  s: StoryRow,
  author: { firstName: string; lastName: string; email: string },
  viewer: Viewer,
): ModeratedStory {
  return {
    id: s.id,
    title: s.title,
    body: s.body,
    tags: s.tags,
    images: s.images,
    authorName: `${author.firstName} ${author.lastName}`.trim(),
    authorEmail: author.email,
    status: s.status,
    submittedAt: s.submittedAt?.toISOString() ?? null,
    publishedAt: s.publishedAt?.toISOString() ?? null,
    hiddenAt: s.hiddenAt?.toISOString() ?? null,
    hiddenReason: s.hiddenReason,
    reviewReason: s.reviewReason,
    hasPublishedVersion: s.publishedAt !== null,
    publishConsent: s.publishConsent,
    audience: s.audience,
    contentNotes: s.contentNotes,
    version: s.version,
    abilities: moderatedStoryAbilities(viewer, s),
  };
}

export interface SupportRowView {
  id: string;
  body: string;
  authorId: string;
  firstName: string;
  lastName: string;
  communityName: string | null;
  doctorStatus: string | null;
  specialty: string | null;
  hiddenAt: Date | null;
  thankedAt: Date | null;
  createdAt: Date;
}

/** A reply as `viewer` reads it on a story by `storyAuthorId`, with what she may do with it. */
export function presentSupportReply(r: SupportRowView, viewer: Viewer, storyAuthorId: string): SupportReply {
  const hidden = r.hiddenAt !== null;
  const thanked = r.thankedAt !== null;
  return {
    id: r.id,
    body: r.body,
    authorName: shownName(r),
    verifiedDoctorSpecialty: r.doctorStatus === 'verified' ? r.specialty : null,
    createdAt: r.createdAt.toISOString(),
    thanked,
    hidden,
    mine: r.authorId === viewer?.id,
    abilities: replyAbilities(viewer, { storyAuthorId, authorId: r.authorId, hidden, thanked }),
  };
}

/** One step of a story's history as moderators read it. */
export function presentHistoryEntry(r: {
  action: string;
  reason: string | null;
  createdAt: Date;
  firstName: string | null;
  lastName: string | null;
}): StoryHistoryEntry {
  return {
    action: r.action,
    reason: r.reason,
    actorName: r.firstName ? `${r.firstName} ${r.lastName}` : 'Deleted account',
    createdAt: r.createdAt.toISOString(),
  };
}

/** An open report as moderators work it: the reason, who reported, and the reply with its story. */
export function presentOpenReport(r: OpenReportRow): SupportReport {
  return {
    id: r.report.id,
    reason: r.report.reason,
    createdAt: r.report.createdAt.toISOString(),
    reporterName: `${r.reporterFirst} ${r.reporterLast}`,
    reply: {
      id: r.reply.id,
      body: r.reply.body,
      authorName: `${r.authorFirst} ${r.authorLast}`,
      hidden: r.reply.hiddenAt !== null,
    },
    storyId: r.reply.storyId,
    storyTitle: r.storyTitle ?? '',
  };
}
