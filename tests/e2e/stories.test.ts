/**
 * Stories, one journey: a patient writes and submits a story in the editor, a moderator approves it, the
 * patient sees the notification and the public story, a verified doctor sends words of support with the
 * doctor badge, and the author thanks them. Axe on every page on the way.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { doctorProfiles, users } from '../../src/server/db/schema/index.ts';
import { DOCTOR_ANSWERS } from '../factories/doctors.ts';
import {
  browserSuite,
  expectNoAxeViolations,
  signInAsAdmin,
  signUpThroughApi,
  toastText,
  visit,
  type Page,
  giveHealthConsentThroughApi,
} from './fixtures.ts';

const suite = browserSuite();

const pathOf = (page: Page) => new URL(page.url()).pathname;
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

async function expectOneHeading(page: Page, text: string | RegExp) {
  await h1(page).filter({ hasText: text }).waitFor();
  expect(await h1(page).count()).toBe(1);
}

const TITLE = 'Nine years to a diagnosis';
const BODY = [
  'It took **nine years** and five doctors before anyone said *endometriosis* to me.',
  '',
  'What helped me most:',
  '',
  '- a pain diary',
  '- a second opinion',
  '',
  '<b>raw markup</b> and <img src=x onerror=alert(1)> stay out.',
].join('\n');

/** A real 1x1 PNG, for the story image. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const IMAGE_ALT = 'A handwritten pain diary open on a kitchen table';

describe('stories', () => {
  it('a story goes from the editor through moderation to the public page, and gathers words of support', async () => {
    // --- The patient writes and submits a story ------------------------------------------------
    const patient = await suite.newPage();
    const author = await signUpThroughApi(patient.context, { role: 'patient', firstName: 'Maya', lastName: 'Rivera' });
    // Showing a story publicly shares her health data: she has consented to that (decision 017).
    await giveHealthConsentThroughApi(patient.context, suite.site);
    const { page } = patient;

    await visit(page, '/my-stories');
    await expectOneHeading(page, 'My Stories');
    await page.getByText('You have not written a story yet.').waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Write a story' }).click();
    await expect.poll(() => pathOf(page)).toBe('/my-stories/new');
    await expectOneHeading(page, 'Write Your Story');
    const submit = page.getByRole('button', { name: 'Submit for review' });
    await submit.waitFor();
    await expectNoAxeViolations(page);

    // The schema's messages, in the form, before anything is sent.
    await submit.click();
    await page.getByText('Give your story a title').waitFor();
    expect(await page.getByRole('textbox', { name: 'Title' }).getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page);

    await page.getByRole('textbox', { name: 'Title' }).fill(TITLE);
    await page.getByRole('textbox', { name: 'Your story' }).fill(BODY);
    await page.getByRole('checkbox', { name: 'Endometriosis' }).check();
    await page.getByRole('checkbox', { name: 'Surgery and recovery' }).check();
    await page.getByRole('checkbox', { name: 'I would welcome input from verified doctors' }).check();
    const consent = page.getByRole('checkbox', { name: 'Show my story publicly once it is approved' });
    expect(await consent.isChecked()).toBe(false);
    await consent.check();
    // New stories are for members; this one is for everyone, as the signed-out visitor below reads it whole.
    const members = page.getByRole('radio', { name: /^Members of the community/ });
    expect(await members.isChecked()).toBe(true);
    await page.getByRole('radio', { name: /^Everyone/ }).check();
    // An image needs its description before the story can be sent.
    await page.getByLabel('Add an image').setInputFiles({ name: 'diary.png', mimeType: 'image/png', buffer: TINY_PNG });
    const alt = page.getByRole('textbox', { name: 'Describe the image for people who cannot see it' });
    await alt.waitFor();
    await expectNoAxeViolations(page);
    await alt.fill(IMAGE_ALT);
    await submit.click();
    await expect.poll(() => toastText(page)).toContain('Submitted for review');
    await expect.poll(() => pathOf(page)).toBe('/my-stories');
    const mine = page.getByTestId('my-story').filter({ hasText: TITLE });
    await expect.poll(() => mine.getByTestId('story-status').innerText()).toBe('In review');
    await expectNoAxeViolations(page);

    // --- A moderator approves it ---------------------------------------------------------------
    const moderator = await suite.newPage();
    await signInAsAdmin(moderator.context, suite.site, 'moderator', { firstName: 'Milo', lastName: 'Moderator' });
    const mod = moderator.page;
    await visit(mod, '/admin-stories');
    await expectOneHeading(mod, 'Story Management');
    const queued = mod.getByTestId('moderated-story').filter({ hasText: TITLE });
    await queued.waitFor();
    expect(await queued.getByTestId('waiting').innerText()).toBe('waiting less than an hour');
    expect(await queued.getByTestId('overdue').count()).toBe(0);
    expect(await queued.innerText()).toContain('Maya Rivera');
    // The moderator sees the images they are approving, with their alt text.
    expect(await queued.locator(`img[alt="${IMAGE_ALT}"]`).count()).toBe(1);
    // The moderator reads the text exactly as written.
    expect(await queued.innerText()).toContain('<b>raw markup</b>');
    await queued.locator('summary', { hasText: 'History' }).click();
    await queued.getByText(/Submitted for review by Maya Rivera/).waitFor();
    await mod.getByText('No open reports.').waitFor();
    await expectNoAxeViolations(mod);

    await queued.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => toastText(mod)).toContain('Story approved');
    await mod.getByText('No stories are waiting for review.').waitFor();
    await mod.getByRole('button', { name: 'Published' }).click();
    await mod.getByTestId('moderated-story').filter({ hasText: TITLE }).waitFor();
    await expectNoAxeViolations(mod);

    // --- The patient is told, and the story is public ------------------------------------------
    await visit(page, '/my-stories');
    await expect.poll(() => mine.getByTestId('story-status').innerText()).toBe('Published');
    await expect
      .poll(() =>
        page
          .getByRole('link', { name: /^Notifications/ })
          .getByTestId('unread-badge')
          .innerText(),
      )
      .toBe('1');
    expect(await page.getByRole('link', { name: 'Notifications, 1 unread' }).count()).toBe(1);
    await expectNoAxeViolations(page);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stories', exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe('/stories');
    await expectOneHeading(page, 'Stories');
    const card = page.getByTestId('story-card').filter({ hasText: TITLE });
    await card.waitFor();
    expect(await card.innerText()).toContain('By Maya R.');
    expect(await card.innerText()).toContain('It took nine years and five doctors');
    await expectNoAxeViolations(page);

    // The tag filter lives in the address.
    await page.getByRole('link', { name: 'PCOS' }).click();
    await page.getByText('No stories tagged PCOS yet.').waitFor();
    expect(new URL(page.url()).search).toBe('?tag=PCOS');
    await page.getByRole('link', { name: 'Endometriosis' }).click();
    await card.waitFor();
    expect(await page.getByRole('link', { name: 'Endometriosis' }).getAttribute('aria-current')).toBe('page');

    await card.getByRole('link', { name: TITLE }).click();
    await expect.poll(() => pathOf(page)).toMatch(/^\/stories\/[0-9a-f-]{36}$/);
    const storyPath = pathOf(page);
    // The server renders the story into the page itself, for readers and search engines alike.
    const served = await page.request.get(storyPath, { headers: { cookie: '' } });
    const html = await served.text();
    expect(served.status()).toBe(200);
    expect(html).toContain(`<title>${TITLE} | `);
    expect(html).toContain('<strong>nine years</strong>');
    expect(html).toContain('"@type":"Article"');
    expect(html).toContain(`<link rel="canonical" href="${suite.site.baseURL}${storyPath}">`);
    expect(html).not.toContain('noindex');
    await expectOneHeading(page, TITLE);
    const body = page.getByTestId('story-body');
    expect(await body.locator('strong').innerText()).toBe('nine years');
    expect(await body.locator('em').innerText()).toBe('endometriosis');
    expect(await body.locator('li').allInnerTexts()).toEqual(['a pain diary', 'a second opinion']);
    // Raw HTML is never rendered.
    expect(await body.locator('b, img, script').count()).toBe(0);
    const image = page.locator(`img[alt="${IMAGE_ALT}"]`);
    expect(await image.count()).toBe(1);
    expect(await image.getAttribute('loading')).toBe('lazy');
    expect(await image.getAttribute('src')).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.title()).toContain(TITLE);
    await page.getByText('No words of support yet.').waitFor();
    await expectNoAxeViolations(page);

    // --- A verified doctor sends words of support ---------------------------------------------
    const doctor = await suite.newPage();
    const doc = await signUpThroughApi(doctor.context, { role: 'doctor', firstName: 'Dana', lastName: 'Hale' });
    const onboarded = await doctor.context.request.post('/api/user/onboarding', {
      data: { role: 'doctor', onboardingData: DOCTOR_ANSWERS },
      // Same-origin, as the page's own request would be (the CSRF rule).
      headers: { origin: suite.site.baseURL },
    });
    expect(onboarded.status()).toBe(200);
    const db = suite.site.database.db;
    const [docRow] = await db.select({ id: users.id }).from(users).where(eq(users.email, doc.email));
    await db
      .update(doctorProfiles)
      .set({ verificationStatus: 'verified', verificationDecidedAt: new Date() })
      .where(eq(doctorProfiles.userId, docRow!.id));

    await visit(doctor.page, storyPath);
    await expectOneHeading(doctor.page, TITLE);
    await doctor.page
      .getByRole('textbox', { name: 'Your words of support' })
      .fill('Thank you for sharing this.\nA pain diary is <i>exactly</i> right.');
    await doctor.page.getByRole('button', { name: 'Post words of support' }).click();
    await expect.poll(() => toastText(doctor.page)).toContain('Words of support posted');
    const reply = doctor.page.getByTestId('support-reply').filter({ hasText: 'Dana H.' });
    await reply.waitFor();
    expect(await reply.getByTestId('doctor-badge').innerText()).toBe(`Verified doctor · ${DOCTOR_ANSWERS.specialty}`);
    // Plain text: markup typed in a reply is shown, never rendered.
    expect(await reply.innerText()).toContain('<i>exactly</i>');
    expect(await reply.locator('i').count()).toBe(0);
    // Someone else's reply can be reported; one's own cannot, nor hidden or thanked.
    expect(await reply.getByRole('button', { name: /^Report/ }).count()).toBe(0);
    expect(await reply.getByRole('button', { name: /^(Hide|Thank)/ }).count()).toBe(0);
    await expectNoAxeViolations(doctor.page);

    // --- The author thanks the doctor ---------------------------------------------------------
    await visit(page, storyPath);
    const seen = page.getByTestId('support-reply').filter({ hasText: 'Dana H.' });
    // In the page as the server sent it; her author's buttons come once the page knows who she is.
    await seen.getByRole('button', { name: 'Hide the reply by Dana H.' }).waitFor();
    await seen.getByRole('button', { name: 'Thank Dana H.' }).click();
    await expect.poll(() => toastText(page)).toContain('Thank you sent');
    await seen.getByText('The author said thank you').waitFor();
    await expectNoAxeViolations(page);

    // --- A visitor reads it signed out -------------------------------------------------------
    const visitor = await suite.newPage();
    await visit(visitor.page, storyPath);
    await expectOneHeading(visitor.page, TITLE);
    // The page keeps the head the server gave it once it is interactive.
    expect(await visitor.page.title()).toMatch(new RegExp(`^${TITLE} \\| `));
    await visitor.page.getByTestId('doctor-badge').waitFor();
    expect(await visitor.page.getByRole('link', { name: 'Sign in' }).count()).toBeGreaterThan(0);
    expect(await visitor.page.getByRole('textbox', { name: 'Your words of support' }).count()).toBe(0);
    expect(await visitor.page.getByRole('button', { name: /^Report/ }).count()).toBe(0);
    await expectNoAxeViolations(visitor.page);
    expect(author.email).not.toBe(doc.email);
  }, 180_000);

  it('a story is turned down, fixed and approved; its author unpublishes and edits it; a moderator hides, restores and settles a report', async () => {
    const origin = { origin: suite.site.baseURL };
    const patient = await suite.newPage();
    await signUpThroughApi(patient.context, { role: 'patient', firstName: 'Lena', lastName: 'Okoro' });
    await giveHealthConsentThroughApi(patient.context, suite.site);
    const { page } = patient;
    const created = await patient.context.request.post('/api/my/stories', {
      data: {
        title: 'Learning to rest',
        body: 'After surgery I had to learn that resting is part of the work, not a pause from it.',
        tags: ['Fibroids'],
        publishConsent: true,
        // Read below by a signed-out visitor: for everyone (members-only stories: story-audience.test.ts).
        audience: 'public',
      },
      headers: origin,
    });
    expect(created.status()).toBe(201);
    const storyId = ((await created.json()) as { id: string }).id;
    const mine = page.getByTestId('my-story').filter({ hasText: 'Learning to rest' });
    const status = () => mine.getByTestId('story-status').innerText();

    await visit(page, '/my-stories');
    await expect.poll(status).toBe('Draft');
    await mine.getByRole('button', { name: 'Submit for review' }).click();
    await expect.poll(() => toastText(page)).toContain('Submitted for review');
    await expect.poll(status).toBe('In review');

    // Turned down, with a reason the author reads.
    const moderator = await suite.newPage();
    await signInAsAdmin(moderator.context, suite.site, 'moderator');
    const mod = moderator.page;
    await visit(mod, '/admin-stories');
    const queued = mod.getByTestId('moderated-story').filter({ hasText: 'Learning to rest' });
    await queued.getByRole('button', { name: 'Reject…' }).click();
    await queued.getByRole('button', { name: 'Reject story' }).click();
    await queued.getByText('Give a reason the author will see').waitFor();
    await queued
      .getByRole('textbox', { name: 'Why is it not approved?' })
      .fill('Please leave out the name of your clinic.');
    await expectNoAxeViolations(mod);
    await queued.getByRole('button', { name: 'Reject story' }).click();
    await expect.poll(() => toastText(mod)).toContain('Story not approved');
    await mod.getByRole('button', { name: 'Not approved' }).click();
    await mod.getByTestId('moderated-story').filter({ hasText: 'Please leave out the name of your clinic.' }).waitFor();

    await visit(page, '/my-stories');
    await expect.poll(status).toBe('Not approved');
    expect(await mine.innerText()).toContain('Please leave out the name of your clinic.');
    await mine.getByRole('link', { name: /^Edit/ }).click();
    await expectOneHeading(page, 'Edit Your Story');
    await page.getByText('Please leave out the name of your clinic.').waitFor();
    await page
      .getByRole('textbox', { name: 'Your story' })
      .fill('After surgery I had to learn that resting is part of the work, not a pause from it. **Rest is care.**');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => toastText(page)).toContain('Draft saved');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await expect.poll(() => pathOf(page)).toBe('/my-stories');
    await expect.poll(status).toBe('In review');

    await visit(mod, '/admin-stories');
    await queued.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => toastText(mod)).toContain('Story approved');

    // Unpublishing takes it off the site at once; publishing puts it back.
    expect((await page.request.get(`/stories/${storyId}`)).status()).toBe(200);
    await visit(page, '/my-stories');
    await expect.poll(status).toBe('Published');
    expect(await mine.innerText()).toContain('Unpublishing hides it from the stories page at once.');
    await mine.getByRole('button', { name: 'Unpublish' }).click();
    await expect.poll(() => toastText(page)).toContain('Story unpublished');
    await expect.poll(status).toBe('Unpublished');
    // Gone from the server's rendered pages too, at once (the page was rendered when it was public).
    const gone = await visit(page, `/stories/${storyId}`);
    expect(gone?.status()).toBe(404);
    await expectOneHeading(page, 'Story not found');
    await visit(page, '/my-stories');
    await mine.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(status).toBe('Published');

    // An edit of a published story waits for review while the approved version stays up.
    await mine.getByRole('link', { name: /^Edit/ }).click();
    await expectOneHeading(page, 'Edit Your Story');
    await page.getByRole('textbox', { name: 'Title' }).fill('Learning to rest, one year on');
    await page.getByRole('button', { name: 'Submit changes for review' }).click();
    await expect.poll(() => pathOf(page)).toBe('/my-stories');
    const edited = page.getByTestId('my-story').filter({ hasText: 'one year on' });
    await expect.poll(() => edited.getByTestId('story-status').innerText()).toBe('Published · edit in review');
    await visit(page, `/stories/${storyId}`);
    await expectOneHeading(page, 'Learning to rest');
    expect(await page.getByTestId('story-body').locator('strong').innerText()).toBe('Rest is care.');

    // A reply is reported by the author and hidden by the moderator.
    const supporter = await suite.newPage();
    await signUpThroughApi(supporter.context, { role: 'donor', firstName: 'Sam', lastName: 'Supporter' });
    const posted = await supporter.context.request.post(`/api/stories/${storyId}/support`, {
      data: { body: 'Buy my miracle cure!' },
      headers: origin,
    });
    expect(posted.status()).toBe(201);
    await visit(page, `/stories/${storyId}`);
    const spam = page.getByTestId('support-reply').filter({ hasText: 'Sam S.' });
    await spam.getByRole('button', { name: 'Report the reply by Sam S.' }).click();
    await spam.getByRole('textbox', { name: 'What is wrong with this reply?' }).fill('Advertising a cure');
    await expectNoAxeViolations(page);
    await spam.getByRole('button', { name: 'Send report' }).click();
    await expect.poll(() => toastText(page)).toContain('Report sent');

    await visit(mod, '/admin-stories');
    const report = mod.getByTestId('support-report').filter({ hasText: 'Buy my miracle cure!' });
    await report.waitFor();
    expect(await report.innerText()).toContain('Advertising a cure');
    expect(await queued.innerText()).toContain('Edit of a published story');
    await expectNoAxeViolations(mod);
    await report.getByRole('button', { name: 'Hide reply' }).click();
    await expect.poll(() => toastText(mod)).toContain('Reply hidden');
    await mod.getByText('No open reports.').waitFor();
    const visitor = await suite.newPage();
    await visit(visitor.page, `/stories/${storyId}`);
    await visitor.page.getByText('No words of support yet.').waitFor();

    // Hidden by a moderator, the author is told why; restored, it is back.
    await mod.getByRole('button', { name: 'Published' }).click();
    const live = mod.getByTestId('moderated-story').filter({ hasText: 'one year on' });
    await live.getByRole('button', { name: 'Hide…' }).click();
    await live.getByRole('textbox', { name: 'Why is it hidden?' }).fill('Reported as medical advice; checking.');
    await live.getByRole('button', { name: 'Hide story' }).click();
    await expect.poll(() => toastText(mod)).toContain('Story hidden');
    await visit(page, '/my-stories');
    await expect.poll(() => edited.getByTestId('story-status').innerText()).toBe('Hidden by a moderator');
    expect(await edited.innerText()).toContain('Reported as medical advice; checking.');
    await mod.getByRole('button', { name: 'Hidden', exact: true }).click();
    await mod
      .getByTestId('moderated-story')
      .filter({ hasText: 'one year on' })
      .getByRole('button', { name: 'Restore' })
      .click();
    await expect.poll(() => toastText(mod)).toContain('Story restored');
    await mod.getByText('No stories are hidden.').waitFor();
    await expectNoAxeViolations(mod);
    await visit(visitor.page, `/stories/${storyId}`);
    await expectOneHeading(visitor.page, 'Learning to rest');
  }, 180_000);
});
