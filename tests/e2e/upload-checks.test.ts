/**
 * Every upload input checks the size and the type of the chosen file before sending a byte (issue 34): an 8 MB
 * photo for a story, a fundraiser or an avatar, a campaign image, or a text file as a document is refused at once,
 * beside the input, and nothing is uploaded.
 */
import { describe, expect, it } from 'vitest';
import {
  browserSuite,
  expectNoAxeViolations,
  PHONE,
  signInAsAdmin,
  signUpSettledThroughApi,
  visit,
  type Page,
} from './fixtures.ts';

const suite = browserSuite();
const SHOTS = process.env.SCREENSHOT_DIR;

/** An 8 MB "photo", as a phone's camera makes them (its bytes need not decode: it must never be sent). */
const BIG_PHOTO = { name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(8 * 1024 * 1024, 1) };
const NOTES = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('my notes') };

/** The uploads this page sends, by path. */
function uploadsSent(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'POST' && (path.startsWith('/api/uploads/') || path === '/api/user/avatar'))
      sent.push(path);
  });
  return sent;
}

/** The error text tied to a labelled control (aria-describedby). */
async function describedError(page: Page, label: string | RegExp): Promise<string> {
  const ids = (await page.getByLabel(label).first().getAttribute('aria-describedby')) ?? '';
  const error = ids.split(' ').find((id) => id.endsWith('-error'));
  return error ? page.locator(`[id="${error}"]`).innerText() : '';
}

describe('checking a file before it is uploaded', () => {
  it('refuses an 8 MB story image, fundraiser image and avatar on a phone at once, sending nothing', async () => {
    const { page, context } = await suite.newPage(PHONE);
    await signUpSettledThroughApi(context, suite.site, { role: 'patient' });
    const sent = uploadsSent(page);

    await visit(page, '/my-stories/new');
    await page.getByLabel('Add an image').setInputFiles(BIG_PHOTO);
    await expect
      .poll(() => describedError(page, 'Add an image'))
      .toBe('The image must be 2 MB or smaller; this one is 8.0 MB');
    expect(await page.getByLabel('Add an image').getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page);
    if (SHOTS)
      await page
        .getByLabel('Add an image')
        .locator('..')
        .screenshot({ path: `${SHOTS}/story-image-too-large.png` });

    await visit(page, '/my-fundraiser');
    await page.getByLabel('Add an image').setInputFiles(BIG_PHOTO);
    await expect
      .poll(() => describedError(page, 'Add an image'))
      .toBe('The image must be 2 MB or smaller; this one is 8.0 MB');
    // A document of a kind the server refuses is named as such, and not sent either.
    await page.getByLabel('Add documents').setInputFiles(NOTES);
    await page.getByText('Not uploaded: The document must be a PDF or a PNG, JPEG or WebP image').waitFor();

    await visit(page, '/profile');
    await page.getByLabel('Add a photo').setInputFiles(BIG_PHOTO);
    await expect
      .poll(() => describedError(page, 'Add a photo'))
      .toBe('The photo must be 2 MB or smaller; this one is 8.0 MB');
    await expectNoAxeViolations(page);
    expect(sent).toEqual([]);
  }, 90_000);

  it('refuses an 8 MB campaign image in the campaign editor, sending nothing', async () => {
    const { page, context } = await suite.newPage();
    await signInAsAdmin(context, suite.site, 'super_admin');
    const sent = uploadsSent(page);
    await visit(page, '/admin-campaign');
    const input = page.getByLabel(/^Replace the image/).first();
    await input.setInputFiles(BIG_PHOTO);
    const label = (await input.getAttribute('id'))!;
    await expect
      .poll(() => page.locator(`[id="${label}-error"]`).innerText())
      .toBe('The image must be 2 MB or smaller; this one is 8.0 MB');
    expect(sent).toEqual([]);
  }, 60_000);
});
