/** The public doctor directory and profile pages (verified doctors only), and a doctor's own dashboard. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, arrayContains, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { AppError } from '#shared/errors.ts';
import {
  DASHBOARD_STORIES_PAGE_SIZE,
  DOCTORS_PAGE_SIZE,
  DoctorDashboardQuerySchema,
  DoctorDirectoryQuerySchema,
  type DoctorDashboard,
  type DoctorDirectoryQuery,
} from '#shared/schemas/doctors.ts';
import { doctorProfiles, stories, storyComments, users } from '../../db/schema/index.ts';
import { isPublicStory } from '../../commands/stories.ts';
import { presentOwnDoctorProfile, presentPublicDoctor, type DoctorProfileRow } from '../../presenters/doctor.ts';
import { displayName } from '../../presenters/story.ts';
import { requireRole } from '../../plugins/auth.ts';

const EXCERPT_CHARS = 240;

/** Who the directory lists: verified profiles of active doctor accounts. */
const listed: SQL = and(
  eq(doctorProfiles.verificationStatus, 'verified'),
  eq(users.role, 'doctor'),
  eq(users.status, 'active'),
)!;

/** `%text%` for ILIKE, with the pattern characters in the text matched literally. */
const containing = (text: string) => `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

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

/** What the doctor should do now, given where their verification stands. */
function nextStepFor(profile: DoctorProfileRow | undefined): DoctorDashboard['nextStep'] {
  if (!profile) {
    return {
      title: 'Complete your professional profile',
      text: 'Tell us your specialty and license details so an administrator can verify you. Until then you do not appear in Find Doctors.',
      link: { href: '/onboarding', text: 'Complete your profile' },
    };
  }
  switch (profile.verificationStatus) {
    case 'pending':
      return {
        title: 'Your profile is waiting for verification',
        text: 'An administrator is checking your license details. You will get a notification when it is decided. You can still correct your answers meanwhile.',
        link: { href: '/onboarding', text: 'Review your answers' },
      };
    case 'rejected':
      return {
        title: 'Your profile was not verified',
        text: 'Read the reason below, correct your details and send them again: your profile then goes back to the verification queue.',
        link: { href: '/onboarding', text: 'Update your details' },
      };
    case 'verified':
      return {
        title: 'You are verified',
        text: 'Patients can find you in Find Doctors. The stories below ask for professional input: read them and offer a reply.',
        link: { href: `/doctors/${profile.userId}`, text: 'See your public profile' },
      };
  }
}

const doctorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/doctors',
    { schema: { querystring: DoctorDirectoryQuerySchema }, config: { access: 'public' } },
    async (request, reply) => {
      const where = directoryFilter(request.query);
      const [rows, [total]] = await Promise.all([
        app.db
          .select(publicColumns)
          .from(doctorProfiles)
          .innerJoin(users, eq(users.id, doctorProfiles.userId))
          .where(where)
          .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
          .limit(DOCTORS_PAGE_SIZE)
          .offset((request.query.page - 1) * DOCTORS_PAGE_SIZE),
        app.db
          .select({ n: count() })
          .from(doctorProfiles)
          .innerJoin(users, eq(users.id, doctorProfiles.userId))
          .where(where),
      ]);
      return reply
        .headers({ 'cache-control': 'no-cache', 'x-total-count': String(total?.n ?? 0) })
        .send(rows.map((r) => presentPublicDoctor(r.profile, r)));
    },
  );

  app.get(
    '/api/doctors/:id',
    { schema: { params: z.object({ id: z.uuid('Not a valid doctor id') }) }, config: { access: 'public' } },
    async (request, reply) => {
      const [row] = await app.db
        .select(publicColumns)
        .from(doctorProfiles)
        .innerJoin(users, eq(users.id, doctorProfiles.userId))
        .where(and(eq(doctorProfiles.userId, request.params.id), listed));
      if (!row) throw new AppError('NOT_FOUND', 'No verified doctor has this id');
      return reply.header('cache-control', 'no-cache').send(presentPublicDoctor(row.profile, row));
    },
  );

  app.get(
    '/api/doctor/dashboard',
    { schema: { querystring: DoctorDashboardQuerySchema }, config: { access: { role: 'doctor' } } },
    async (request, reply) => {
      const me = requireRole(request, 'doctor');
      const { page } = request.query;
      const asking = and(isPublicStory, eq(stories.wantsProfessionalInput, true));
      // The doctor's replies that are shown (not hidden by the story's author or a moderator).
      const mine = and(eq(storyComments.authorId, me.id), isNull(storyComments.hiddenAt));
      const [[profile], [counts]] = await Promise.all([
        app.db.select().from(doctorProfiles).where(eq(doctorProfiles.userId, me.id)),
        app.db
          .select({ replies: count(), thanked: count(storyComments.thankedAt) })
          .from(storyComments)
          .where(mine),
      ]);
      const verified = profile?.verificationStatus === 'verified';
      const [askingStories, [askingTotal]] = verified
        ? await Promise.all([
            app.db
              .select({
                id: stories.id,
                title: stories.publishedTitle,
                body: stories.publishedBody,
                tags: stories.publishedTags,
                publishedAt: stories.publishedAt,
                firstName: users.firstName,
                lastName: users.lastName,
                myReplies: sql<number>`(select count(*)::int from ${storyComments} where ${storyComments.storyId} = ${stories.id} and ${storyComments.authorId} = ${me.id} and ${storyComments.hiddenAt} is null)`,
              })
              .from(stories)
              .innerJoin(users, eq(users.id, stories.authorId))
              .where(asking)
              .orderBy(desc(stories.publishedAt), desc(stories.id))
              .limit(DASHBOARD_STORIES_PAGE_SIZE)
              .offset((page - 1) * DASHBOARD_STORIES_PAGE_SIZE),
            app.db.select({ total: count() }).from(stories).where(asking),
          ])
        : [[], []];
      const body: DoctorDashboard = {
        verification: {
          status: profile?.verificationStatus ?? 'not_submitted',
          note: profile?.verificationNote ?? null,
          decidedAt: profile?.verificationDecidedAt?.toISOString() ?? null,
        },
        nextStep: nextStepFor(profile),
        profile: profile ? presentOwnDoctorProfile(profile) : null,
        stories: askingStories.map((s) => ({
          id: s.id,
          title: s.title ?? '',
          excerpt:
            (s.body ?? '').length > EXCERPT_CHARS
              ? `${(s.body ?? '').slice(0, EXCERPT_CHARS).trimEnd()}…`
              : (s.body ?? ''),
          tags: s.tags ?? [],
          authorName: displayName(s),
          publishedAt: s.publishedAt!.toISOString(),
          myReplies: Number(s.myReplies),
        })),
        storiesPage: page,
        storiesTotal: askingTotal?.total ?? 0,
        counts: { replies: counts?.replies ?? 0, thanked: counts?.thanked ?? 0 },
      };
      return reply.header('cache-control', 'no-store').send(body);
    },
  );
};
export default doctorRoutes;
