import { beforeAll, describe, expect, it } from 'vitest';
import { arrayContains, eq, sql, type SQL } from 'drizzle-orm';
import { setupTestApp, postJson } from '../../../../tests/setup/test-app.ts';
import { getWith, signUp } from '../../../../tests/setup/accounts.ts';
import { signInAdmin } from '../../../../tests/factories/users.ts';
import { buildDoctor, DOCTOR_ANSWERS } from '../../../../tests/factories/doctors.ts';
import { doctorProfiles, stories, storyComments, users } from '../../db/schema/index.ts';
import { DASHBOARD_STORIES_PAGE_SIZE, DoctorDirectoryQuerySchema } from '#shared/schemas/doctors.ts';
import { directoryFilter } from '../../db/queries/doctors.ts';

const t = setupTestApp();

type Doctor = Awaited<ReturnType<typeof buildDoctor>>;
let okafor: Doctor;
let haddad: Doctor;
let pending: Doctor;
let rejected: Doctor;
let suspended: Doctor;
let formerDoctor: Doctor;

const ids = (res: { json(): unknown }) => (res.json() as { items: { id: string }[] }).items.map((d) => d.id);
const total = (res: { json(): unknown }) => (res.json() as { total: number }).total;
const directory = (query = '') => t.app.inject(`/api/doctors${query}`);

beforeAll(async () => {
  const db = t.database.db;
  okafor = await buildDoctor(db, {
    user: { firstName: 'Amara', lastName: 'Okafor' },
    profile: {
      areasOfExpertise: ["Women's Reproductive Health", 'Surgical Procedures'],
      consultationTypes: ['Written replies to stories', 'Video consultation'],
    },
  });
  haddad = await buildDoctor(db, {
    user: { firstName: 'Noor', lastName: 'Haddad' },
    profile: {
      specialty: 'Psychiatry',
      bio: 'Psychiatrist for trauma and chronic illness; 100% of my time goes to patients with pelvic pain.',
      areasOfExpertise: ['Mental Health & Trauma', 'Chronic Pain Management'],
      consultationTypes: ['Phone consultation', 'Written replies to stories'],
      hospitalAffiliation: null,
    },
  });
  // Each of these matches every filter the verified OB/GYN does, and must never be listed.
  pending = await buildDoctor(db, { status: 'pending', user: { firstName: 'Amara', lastName: 'Pending' } });
  rejected = await buildDoctor(db, { status: 'rejected', user: { firstName: 'Amara', lastName: 'Rejected' } });
  suspended = await buildDoctor(db, { user: { firstName: 'Amara', lastName: 'Suspended', status: 'suspended' } });
  formerDoctor = await buildDoctor(db, { user: { firstName: 'Amara', lastName: 'Former', role: 'patient' } });
});

describe('the doctor directory', () => {
  it('lists only verified doctors of active doctor accounts, by last name, with the total', async () => {
    const res = await directory();
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([haddad.user.id, okafor.user.id]);
    expect(res.json()).toMatchObject({ page: 1, pageSize: 10, total: 2 });
    expect(res.json().items[1]).toEqual({
      id: okafor.user.id,
      name: 'Dr. Amara Okafor',
      specialty: 'Obstetrics & Gynecology',
      yearsExperience: 12,
      hospitalAffiliation: 'Riverside General',
      bio: DOCTOR_ANSWERS.bio,
      areasOfExpertise: ["Women's Reproductive Health", 'Surgical Procedures'],
      consultationTypes: ['Written replies to stories', 'Video consultation'],
      licenseState: 'Oregon',
      profileImageUrl: null,
    });
  });

  it.each([
    ['specialty', '?specialty=Obstetrics+%26+Gynecology', () => [okafor]],
    ['specialty (none listed)', '?specialty=Cardiology', () => []],
    ['area of expertise', `?expertise=${encodeURIComponent('Mental Health & Trauma')}`, () => [haddad]],
    ['area of expertise shared by none', `?expertise=${encodeURIComponent('Cancer Treatment')}`, () => []],
    ['consultation type', '?consultation=Video+consultation', () => [okafor]],
    ['consultation type both offer', '?consultation=Written+replies+to+stories', () => [haddad, okafor]],
    ['first name', '?q=amara', () => [okafor]],
    ['last name', '?q=HADDAD', () => [haddad]],
    ['full name with the title', '?q=Dr.+Amara+Okafor', () => [okafor]],
    ['words of the bio', '?q=excision', () => [okafor]],
    ['a literal % (escaped, not a wildcard)', '?q=%25', () => [haddad]],
    ['a literal _ (escaped, not a wildcard)', '?q=_', () => []],
    [
      'specialty and expertise together',
      `?specialty=Psychiatry&expertise=${encodeURIComponent('Chronic Pain Management')}`,
      () => [haddad],
    ],
    [
      'specialty and expertise that no one has together',
      `?specialty=Psychiatry&expertise=${encodeURIComponent('Surgical Procedures')}`,
      () => [],
    ],
    [
      'expertise, consultation and text together',
      `?expertise=${encodeURIComponent('Surgical Procedures')}&consultation=Video+consultation&q=okafor`,
      () => [okafor],
    ],
    ['text that fits one and consultation that fits the other', '?consultation=Phone+consultation&q=okafor', () => []],
    ['empty filters (an untouched form)', '?specialty=&expertise=&consultation=&q=', () => [haddad, okafor]],
  ])('filters by %s', async (_name, query, expected) => {
    const res = await directory(query);
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual(expected().map((d) => d.user.id));
    expect(total(res)).toBe(expected().length);
  });

  it('pages ten at a time, and the total counts every page', async () => {
    const db = t.database.db;
    const many: Doctor[] = [];
    for (let i = 0; i < 11; i++)
      many.push(
        await buildDoctor(db, {
          user: { lastName: `Zimmer${String(i).padStart(2, '0')}` },
          profile: { specialty: 'Dermatology' },
        }),
      );
    const first = await directory('?specialty=Dermatology');
    const second = await directory('?specialty=Dermatology&page=2');
    expect(total(first)).toBe(11);
    expect(second.json()).toMatchObject({ page: 2, pageSize: 10, total: 11 });
    expect(ids(first)).toEqual(many.slice(0, 10).map((d) => d.user.id));
    expect(ids(second)).toEqual([many[10]!.user.id]);
    expect(ids(await directory('?specialty=Dermatology&page=3'))).toEqual([]);
    await db.delete(users).where(sql`${users.id} in ${many.map((d) => d.user.id)}`);
  });

  it('treats control characters in the search as spaces (the database refuses a NUL)', async () => {
    const res = await directory('?q=oka%00for');
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([]);
    expect(ids(await directory('?q=%00okafor%07'))).toEqual([okafor.user.id]);
  });

  it('refuses bad filters with a 400 and a message', async () => {
    for (const [query, message] of [
      ['?specialty=Astrology', 'Choose a specialty from the list'],
      ['?expertise=Everything', 'Choose an area of expertise from the list'],
      ['?consultation=Telepathy', 'Choose a consultation type from the list'],
      ['?page=0', 'page must be 1 or more'],
      ['?page=two', 'page must be a whole number'],
      [`?q=${'a'.repeat(101)}`, 'Keep the search under 100 characters'],
    ] as const) {
      const res = await directory(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
  });

  it('filters the lists with array containment (@>), which their GIN indexes answer', async () => {
    const db = t.database.db;
    const query = DoctorDirectoryQuerySchema.parse({
      expertise: 'Mental Health & Trauma',
      consultation: 'Phone consultation',
    });
    const { sql: text } = db
      .select({ id: doctorProfiles.userId })
      .from(doctorProfiles)
      .innerJoin(users, eq(users.id, doctorProfiles.userId))
      .where(directoryFilter(query))
      .toSQL();
    expect(text).toMatch(/"areas_of_expertise" @> \$\d/);
    expect(text).toMatch(/"consultation_types" @> \$\d/);
    const planOf = (condition: SQL) =>
      db.transaction(async (tx) => {
        // The tables are tiny: without this the planner rightly prefers reading them whole.
        await tx.execute(sql`set local enable_seqscan = off`);
        const plan = await tx.execute(sql`explain select user_id from ${doctorProfiles} where ${condition}`);
        return JSON.stringify(plan.rows);
      });
    expect(await planOf(arrayContains(doctorProfiles.areasOfExpertise, ['Mental Health & Trauma']))).toContain(
      'doctor_profiles_expertise_idx',
    );
    expect(await planOf(arrayContains(doctorProfiles.consultationTypes, ['Phone consultation']))).toContain(
      'doctor_profiles_consultation_idx',
    );
  });
});

describe('a doctor’s public profile', () => {
  it('shows a verified doctor, and answers 404 for anyone else', async () => {
    const res = await t.app.inject(`/api/doctors/${okafor.user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: okafor.user.id, name: 'Dr. Amara Okafor', licenseState: 'Oregon' });
    for (const d of [pending, rejected, suspended, formerDoctor]) {
      const hidden = await t.app.inject(`/api/doctors/${d.user.id}`);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().message).toBe('No verified doctor has this id');
    }
    expect((await t.app.inject('/api/doctors/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const bad = await t.app.inject('/api/doctors/not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Not a valid doctor id');
  });

  it('never shows a license number (or the board) in any public answer', async () => {
    const licenseNumbers = (await t.database.db.select({ n: doctorProfiles.licenseNumber }).from(doctorProfiles)).map(
      (r) => r.n,
    );
    expect(licenseNumbers.length).toBeGreaterThan(0);
    const answers = [
      await directory(),
      await directory('?q=amara'),
      await directory('?consultation=Written+replies+to+stories'),
      await t.app.inject(`/api/doctors/${okafor.user.id}`),
      await t.app.inject(`/api/doctors/${haddad.user.id}`),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/licenseNumber|medicalBoard|email|verification/i);
      for (const n of licenseNumbers) expect(res.body).not.toContain(n);
    }
  });
});

describe('the doctor dashboard', () => {
  it('refuses anonymous visitors (401) and every other role (403)', async () => {
    expect((await t.app.inject('/api/doctor/dashboard')).statusCode).toBe(401);
    for (const role of ['patient', 'donor'] as const) {
      const { cookie } = await signUp(t.app, { role });
      expect((await getWith(t.app, '/api/doctor/dashboard', cookie)).statusCode).toBe(403);
    }
    const { cookie } = await signInAdmin(t.app, t.database.db, 'super_admin');
    expect((await getWith(t.app, '/api/doctor/dashboard', cookie)).statusCode).toBe(403);
  });

  it('asks a doctor without a profile to complete it, and shows no stories until verified', async () => {
    const { cookie } = await signUp(t.app, { role: 'doctor' });
    const before = (await getWith(t.app, '/api/doctor/dashboard', cookie)).json();
    expect(before).toMatchObject({
      verification: { status: 'not_submitted', note: null },
      profile: null,
      stories: { items: [], page: 1, pageSize: DASHBOARD_STORIES_PAGE_SIZE, total: 0 },
      counts: { replies: 0, thanked: 0 },
    });
    expect(before.nextStep.link.href).toBe('/onboarding');

    expect(
      (await postJson(t.app, '/api/user/onboarding', { role: 'doctor', onboardingData: DOCTOR_ANSWERS }, { cookie }))
        .statusCode,
    ).toBe(200);
    const res = await getWith(t.app, '/api/doctor/dashboard', cookie);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ verification: { status: 'pending' }, stories: { items: [], total: 0 } });
    // The doctor sees their own license number.
    expect(res.json().profile).toMatchObject({
      licenseNumber: DOCTOR_ANSWERS.licenseNumber,
      medicalBoard: DOCTOR_ANSWERS.medicalBoard,
    });
  });

  it('shows a verified doctor the public stories asking for input, with their own replies and thanks', async () => {
    const db = t.database.db;
    const { cookie, user } = await signUp(t.app, { role: 'doctor' });
    await postJson(t.app, '/api/user/onboarding', { role: 'doctor', onboardingData: DOCTOR_ANSWERS }, { cookie });
    await db
      .update(doctorProfiles)
      .set({ verificationStatus: 'verified', verificationDecidedAt: new Date() })
      .where(eq(doctorProfiles.userId, user.id));

    const { user: author } = await signUp(t.app, { firstName: 'Maya', lastName: 'Rivers' });
    const { user: other } = await signUp(t.app);
    const published = {
      status: 'approved' as const,
      publishConsent: true,
      title: 'w',
      body: 'w',
      publishedBody: 'A long story '.repeat(40),
    };
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    const [older, newer, notAsking, hidden, unconsented, draft] = await db
      .insert(stories)
      .values([
        {
          ...published,
          authorId: author.id,
          wantsProfessionalInput: true,
          publishedTitle: 'Older question',
          publishedAt: at(60),
          publishedTags: ['Endometriosis'],
        },
        {
          ...published,
          authorId: author.id,
          wantsProfessionalInput: true,
          publishedTitle: 'Newer question',
          publishedAt: at(5),
        },
        {
          ...published,
          authorId: author.id,
          wantsProfessionalInput: false,
          publishedTitle: 'Just sharing',
          publishedAt: at(10),
        },
        {
          ...published,
          authorId: author.id,
          wantsProfessionalInput: true,
          publishedTitle: 'Hidden',
          publishedAt: at(10),
          hiddenAt: new Date(),
        },
        {
          ...published,
          authorId: author.id,
          wantsProfessionalInput: true,
          publishedTitle: 'Unconsented',
          publishedAt: at(10),
          publishConsent: false,
        },
        { ...published, authorId: author.id, status: 'draft', wantsProfessionalInput: true, publishedTitle: null },
      ])
      .returning();
    await db.insert(storyComments).values([
      { storyId: older!.id, authorId: user.id, body: 'First reply', thankedAt: new Date() },
      { storyId: older!.id, authorId: user.id, body: 'Second reply' },
      { storyId: older!.id, authorId: user.id, body: 'Hidden reply', hiddenAt: new Date(), hiddenBy: 'moderator' },
      { storyId: older!.id, authorId: other.id, body: 'Someone else' },
      { storyId: notAsking!.id, authorId: user.id, body: 'Reply elsewhere', thankedAt: new Date() },
    ]);

    const res = (await getWith(t.app, '/api/doctor/dashboard', cookie)).json();
    expect(res.verification.status).toBe('verified');
    expect(res.nextStep.link.href).toBe(`/doctors/${user.id}`);
    expect(res.stories.items.map((s: { id: string }) => s.id)).toEqual([newer!.id, older!.id]);
    expect(res.stories.items.map((s: { id: string }) => s.id)).not.toContain(hidden!.id);
    expect(res.stories.items.map((s: { id: string }) => s.id)).not.toContain(unconsented!.id);
    expect(res.stories.items.map((s: { id: string }) => s.id)).not.toContain(draft!.id);
    expect(res.stories.items[1]).toMatchObject({
      title: 'Older question',
      tags: ['Endometriosis'],
      authorName: 'Maya R.',
      myReplies: 2,
    });
    expect(res.stories.items[1].excerpt.length).toBeLessThanOrEqual(241);
    expect(res.stories.items[0].myReplies).toBe(0);
    expect(res.counts).toEqual({ replies: 3, thanked: 2 });
    expect(res.stories).toMatchObject({ page: 1, pageSize: DASHBOARD_STORIES_PAGE_SIZE, total: 2 });
  });

  it('pages the stories asking for input, newest first, and refuses a page that is not a whole number from 1', async () => {
    const db = t.database.db;
    const { cookie, user } = await signUp(t.app, { role: 'doctor' });
    await postJson(t.app, '/api/user/onboarding', { role: 'doctor', onboardingData: DOCTOR_ANSWERS }, { cookie });
    await db
      .update(doctorProfiles)
      .set({ verificationStatus: 'verified', verificationDecidedAt: new Date() })
      .where(eq(doctorProfiles.userId, user.id));
    const { user: author } = await signUp(t.app);
    await db.insert(stories).values(
      Array.from({ length: DASHBOARD_STORIES_PAGE_SIZE + 3 }, (_, i) => ({
        authorId: author.id,
        status: 'approved' as const,
        publishConsent: true,
        wantsProfessionalInput: true,
        title: 'w',
        body: 'w',
        publishedTitle: `Question ${i}`,
        publishedBody: 'A question for a doctor.',
        publishedAt: new Date(Date.now() - i * 60_000),
      })),
    );

    const first = (await getWith(t.app, '/api/doctor/dashboard', cookie)).json();
    const second = (await getWith(t.app, '/api/doctor/dashboard?page=2', cookie)).json();
    expect(first.stories.items).toHaveLength(DASHBOARD_STORIES_PAGE_SIZE);
    expect(first.stories.items[0].title).toBe('Question 0');
    expect(second.stories.page).toBe(2);
    expect(first.stories.total).toBe(second.stories.total);
    expect(first.stories.items.length + second.stories.items.length).toBe(first.stories.total);
    const seen = [...first.stories.items, ...second.stories.items].map((s: { id: string }) => s.id);
    expect(new Set(seen).size).toBe(seen.length);

    for (const page of ['0', '1.5', 'two']) {
      const res = await getWith(t.app, `/api/doctor/dashboard?page=${page}`, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/page must be/);
    }
  });
});
