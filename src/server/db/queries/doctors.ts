/**
 * Read models of doctors: the public directory and profile (verified doctors of active accounts), a doctor's
 * own profile and dashboard figures, and the managers' verification queue.
 */
import { and, arrayContains, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ADMIN_LIST_PAGE_SIZE } from '#shared/constants.ts';
import {
  DASHBOARD_STORIES_PAGE_SIZE,
  DOCTORS_PAGE_SIZE,
  type DoctorDirectoryQuery,
  type VerificationStatus,
} from '#shared/schemas/doctors.ts';
import type { Db } from '../client.ts';
import { doctorProfiles, stories, storyComments, users } from '../schema/index.ts';
import { paged } from './paging.ts';
import { isListedStory } from './stories.ts';

export type DoctorProfileRow = typeof doctorProfiles.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** Who the directory lists: verified profiles of active doctor accounts. */
export const listed: SQL = and(
  eq(doctorProfiles.verificationStatus, 'verified'),
  eq(users.role, 'doctor'),
  eq(users.status, 'active'),
)!;

/** `%text%` for ILIKE, with the pattern characters in the text matched literally. */
export const containing = (text: string) => `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

/** The directory's filters: the list columns use array containment (@>), which the GIN indexes answer. */
export function directoryFilter({ specialty, expertise, consultation, q }: DoctorDirectoryQuery): SQL {
  const filters: SQL[] = [listed];
  if (specialty) filters.push(eq(doctorProfiles.specialty, specialty));
  if (expertise) filters.push(arrayContains(doctorProfiles.areasOfExpertise, [expertise]));
  if (consultation) filters.push(arrayContains(doctorProfiles.consultationTypes, [consultation]));
  // People type the title too ("Dr. Okafor"); names are stored without it.
  const text = q?.replace(/^dr\.?\s+/i, '').trim();
  if (text) {
    const like = containing(text);
    filters.push(
      or(
        ilike(users.firstName, like),
        ilike(users.lastName, like),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
        ilike(doctorProfiles.bio, like),
      )!,
    );
  }
  return and(...filters)!;
}

const publicColumns = {
  profile: doctorProfiles,
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
};

/** A listed doctor: the profile and the account's public fields. */
export type ListedDoctorRow = { profile: DoctorProfileRow } & Pick<
  UserRow,
  'id' | 'firstName' | 'lastName' | 'profileImageUrl'
>;

/** The directory, by name, a page at a time. */
export function directoryPage<Item>(db: Db, query: DoctorDirectoryQuery, present: (row: ListedDoctorRow) => Item) {
  const where = directoryFilter(query);
  return paged(
    { page: query.page, pageSize: DOCTORS_PAGE_SIZE },
    (limit, offset) =>
      db
        .select(publicColumns)
        .from(doctorProfiles)
        .innerJoin(users, eq(users.id, doctorProfiles.userId))
        .where(where)
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
        .limit(limit)
        .offset(offset),
    () =>
      db.select({ n: count() }).from(doctorProfiles).innerJoin(users, eq(users.id, doctorProfiles.userId)).where(where),
    present,
  );
}

/** One listed doctor, or undefined when the directory does not list them. */
export async function findListedDoctor(db: Db, id: string): Promise<ListedDoctorRow | undefined> {
  const [row] = await db
    .select(publicColumns)
    .from(doctorProfiles)
    .innerJoin(users, eq(users.id, doctorProfiles.userId))
    .where(and(eq(doctorProfiles.userId, id), listed));
  return row;
}

/** A person's doctor profile, if they have one. */
export async function doctorProfileOf(db: Db, userId: string): Promise<DoctorProfileRow | undefined> {
  const [row] = await db.select().from(doctorProfiles).where(eq(doctorProfiles.userId, userId));
  return row;
}

/** How many of the doctor's replies are shown (not hidden), and how many of those were thanked. */
export async function replyCounts(db: Db, doctorId: string): Promise<{ replies: number; thanked: number }> {
  const [counts] = await db
    .select({ replies: count(), thanked: count(storyComments.thankedAt) })
    .from(storyComments)
    .where(and(eq(storyComments.authorId, doctorId), isNull(storyComments.hiddenAt)));
  return { replies: counts?.replies ?? 0, thanked: counts?.thanked ?? 0 };
}

/** A public story asking for professional input, with how many shown replies this doctor gave it. */
export interface AskingStoryRow {
  id: string;
  title: string | null;
  body: string | null;
  tags: string[] | null;
  publishedAt: Date | null;
  firstName: string;
  lastName: string;
  communityName: string | null;
  myReplies: number;
}

/** Public stories whose authors ask for professional input, newest first, a page at a time. */
export function askingStoriesPage<Item>(
  db: Db,
  doctorId: string,
  page: number,
  present: (row: AskingStoryRow) => Item,
) {
  const asking = and(isListedStory, eq(stories.wantsProfessionalInput, true));
  return paged(
    { page, pageSize: DASHBOARD_STORIES_PAGE_SIZE },
    (limit, offset) =>
      db
        .select({
          id: stories.id,
          title: stories.publishedTitle,
          body: stories.publishedBody,
          tags: stories.publishedTags,
          publishedAt: stories.publishedAt,
          firstName: users.firstName,
          lastName: users.lastName,
          communityName: users.communityName,
          myReplies: sql<number>`(select count(*)::int from ${storyComments} where ${storyComments.storyId} = ${stories.id} and ${storyComments.authorId} = ${doctorId} and ${storyComments.hiddenAt} is null)`,
        })
        .from(stories)
        .innerJoin(users, eq(users.id, stories.authorId))
        .where(asking)
        .orderBy(desc(stories.publishedAt), desc(stories.id))
        .limit(limit)
        .offset(offset),
    () => db.select({ n: count() }).from(stories).where(asking),
    present,
  );
}

const decider = alias(users, 'decider');
const queueColumns = { profile: doctorProfiles, user: users, decidedByEmail: decider.email };

/** A profile in the verification queue, with its account and the email of whoever decided last. */
export interface VerificationRow {
  profile: DoctorProfileRow;
  user: UserRow;
  decidedByEmail: string | null;
}

/** One status of the verification queue: pending oldest first (the queue is worked so), decided ones latest first. */
export function verificationsPage<Item>(
  db: Db,
  query: { status: VerificationStatus; page: number },
  present: (row: VerificationRow) => Item,
) {
  const where = eq(doctorProfiles.verificationStatus, query.status);
  const order =
    query.status === 'pending'
      ? [asc(doctorProfiles.verificationRequestedAt), asc(doctorProfiles.userId)]
      : [desc(doctorProfiles.verificationDecidedAt), asc(doctorProfiles.userId)];
  return paged(
    { page: query.page, pageSize: ADMIN_LIST_PAGE_SIZE },
    (limit, offset) =>
      db
        .select(queueColumns)
        .from(doctorProfiles)
        .innerJoin(users, eq(users.id, doctorProfiles.userId))
        .leftJoin(decider, eq(decider.id, doctorProfiles.verificationDecidedBy))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    () => db.select({ n: count() }).from(doctorProfiles).where(where),
    present,
  );
}

/** One profile as the verification queue shows it, or undefined. */
export async function findVerification(db: Db, doctorId: string): Promise<VerificationRow | undefined> {
  const [row] = await db
    .select(queueColumns)
    .from(doctorProfiles)
    .innerJoin(users, eq(users.id, doctorProfiles.userId))
    .leftJoin(decider, eq(decider.id, doctorProfiles.verificationDecidedBy))
    .where(eq(doctorProfiles.userId, doctorId));
  return row;
}
