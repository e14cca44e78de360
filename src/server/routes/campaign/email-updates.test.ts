/**
 * Updates by email without an account (issue 16): the donate form's "email me updates" sends one confirmation
 * mail and nothing else until it is confirmed; every update mail, to an address or to an account that follows,
 * has an unsubscribe link and a one-click List-Unsubscribe header that work without signing in.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { INVALID_UPDATES_LINK, UPDATES_NEED_EMAIL } from '#shared/update-messages.ts';
import { campaignFollowers, donationIntents, rateLimits } from '../../db/schema/index.ts';
import { fakeClock } from '../../services/clock.ts';
import type { MailMessage } from '../../services/mail.ts';
import { memoryMail } from '../../../../tests/setup/memory-mail.ts';
import { CONFIRM_UPDATES_MS, CONFIRM_UPDATES_RESEND_MS } from '../../commands/update-followers.ts';
import { sweep } from '../../commands/housekeeping.ts';
import { backgroundMailSent, run, SYSTEM_ACTOR } from '../../commands/run.ts';
import { freshAddress, postJson, setupTestApp } from '../../../../tests/setup/test-app.ts';
import { MAIN_APPEAL_API } from '../../../../tests/factories/donations.ts';
import { getWith, signUp } from '../../../../tests/setup/accounts.ts';
import { CAMPAIGN, campaignEditor } from '../../../../tests/setup/campaign-editor.ts';
import { signInAdmin } from '../../../../tests/factories/users.ts';

const { sent, mailer } = memoryMail();
const clock = fakeClock(new Date('2026-11-24T10:00:00Z'));
const t = setupTestApp({ mailer, clock });
let superAdmin = '';
const { send, current } = campaignEditor(t, () => superAdmin);

beforeEach(async () => {
  // Afresh for each test: some move the clock on by days, past a session's life.
  superAdmin = (await signInAdmin(t.app, t.database.db, 'super_admin')).cookie;
  sent.length = 0;
  await t.database.db.delete(rateLimits);
});

/** An intent from the donate form, and whatever mail it sends (after the answer). */
async function intent(body: Record<string, unknown>) {
  const res = await postJson(
    t.app,
    '/api/donation-intent',
    { amount: 25, paymentMethod: 'PayPal', timestamp: new Date().toISOString(), ...body },
    { 'x-forwarded-for': freshAddress() },
  );
  await backgroundMailSent();
  return res;
}
const mailsTo = (address: string) => sent.filter((m) => m.to === address);
const linkIn = (mail: MailMessage, path: string) => {
  const link = mail.text.match(new RegExp(`https?://\\S+${path}\\S*`))?.[0];
  if (!link) throw new Error(`no ${path} link in: ${mail.text}`);
  return new URL(link);
};

/** Asks for updates at this address and confirms it from the mailed link. */
async function confirmedFollower(address: string) {
  expect((await intent({ donorEmail: address, followUpdates: true })).statusCode).toBe(201);
  const token = linkIn(mailsTo(address).at(-1)!, '/confirm-updates').searchParams.get('token');
  expect((await postJson(t.app, '/api/campaign/updates/confirm', { token })).statusCode).toBe(200);
}

async function postUpdate(title: string) {
  const { version } = await current();
  const res = await postJson(
    t.app,
    `${CAMPAIGN}/updates`,
    { date: '2026-11-24', title, paragraphs: ['Surgery is booked.'], notifyFollowers: true, expectedVersion: version },
    { cookie: superAdmin },
  );
  expect(res.statusCode).toBe(201);
  await backgroundMailSent();
  return res.json() as { notified: number };
}
const updateMailsTo = (address: string, title: string) => mailsTo(address).filter((m) => m.subject.includes(title));

describe('asking for updates on the donate form', () => {
  it('needs an email and a boolean, and then stores nothing at all', async () => {
    const before = await t.database.db.$count(donationIntents);
    const noEmail = await intent({ followUpdates: true });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toMatchObject({ fieldErrors: { donorEmail: UPDATES_NEED_EMAIL } });
    const notBoolean = await intent({ donorEmail: 'ana@example.org', followUpdates: 'yes' });
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json()).toMatchObject({ fieldErrors: { followUpdates: 'Follow updates must be true or false' } });
    expect(await t.database.db.$count(donationIntents)).toBe(before);
    expect(await t.database.db.$count(campaignFollowers, eq(campaignFollowers.email, 'ana@example.org'))).toBe(0);
    expect(sent).toHaveLength(0);
  });

  it('mails one confirmation a day, and no update until the address is confirmed', async () => {
    expect((await intent({ donorEmail: 'Bea@Example.org', followUpdates: true })).statusCode).toBe(201);
    expect((await intent({ donorEmail: 'bea@example.org', followUpdates: true })).statusCode).toBe(201);
    const [confirmation, ...more] = mailsTo('bea@example.org');
    expect(more).toHaveLength(0);
    expect(confirmation!.subject).toBe("Confirm updates about Maya's Endometriosis Surgery Fund");
    expect(linkIn(confirmation!, '/confirm-updates').origin).toBe('http://localhost:3000');

    await postUpdate('Booked, unconfirmed');
    expect(updateMailsTo('bea@example.org', 'Booked, unconfirmed')).toHaveLength(0);

    clock.advance(CONFIRM_UPDATES_RESEND_MS + 1000);
    expect((await intent({ donorEmail: 'bea@example.org', followUpdates: true })).statusCode).toBe(201);
    expect(mailsTo('bea@example.org')).toHaveLength(2);
    // The newer link works; the one it replaced does not.
    const oldToken = linkIn(confirmation!, '/confirm-updates').searchParams.get('token');
    const stale = await postJson(t.app, '/api/campaign/updates/confirm', { token: oldToken });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(INVALID_UPDATES_LINK);
    const token = linkIn(mailsTo('bea@example.org')[1]!, '/confirm-updates').searchParams.get('token');
    expect((await postJson(t.app, '/api/campaign/updates/confirm', { token })).statusCode).toBe(200);
    // Spent once used.
    expect((await postJson(t.app, '/api/campaign/updates/confirm', { token })).statusCode).toBe(400);

    await postUpdate('Booked, confirmed');
    expect(updateMailsTo('bea@example.org', 'Booked, confirmed')).toHaveLength(1);
  });

  it('refuses a confirmation link after seven days, and housekeeping forgets the address', async () => {
    expect((await intent({ donorEmail: 'cleo@example.org', followUpdates: true })).statusCode).toBe(201);
    const token = linkIn(mailsTo('cleo@example.org')[0]!, '/confirm-updates').searchParams.get('token');
    clock.advance(CONFIRM_UPDATES_MS + 1000);
    expect((await postJson(t.app, '/api/campaign/updates/confirm', { token })).statusCode).toBe(400);
    const swept = await run(t.app.commandEnv(), SYSTEM_ACTOR, sweep);
    expect(swept.unconfirmedFollowers).toBeGreaterThanOrEqual(1);
    expect(await t.database.db.$count(campaignFollowers, eq(campaignFollowers.email, 'cleo@example.org'))).toBe(0);
  });
});

describe('update mail', () => {
  it('reaches confirmed addresses and following accounts once each, with a working unsubscribe link and header', async () => {
    await confirmedFollower('dora@example.org');
    const member = await signUp(t.app, { role: 'donor' });
    expect((await send('PUT', `${MAIN_APPEAL_API}/follow`, member.cookie)).statusCode).toBe(200);
    // The member also asked by email with her account's address: she gets the account's mail only.
    await confirmedFollower(member.user.email);

    await postUpdate('Date set');
    const [toDora] = updateMailsTo('dora@example.org', 'Date set');
    const toMember = updateMailsTo(member.user.email, 'Date set');
    expect(toMember).toHaveLength(1);
    expect(toMember[0]!.text).toMatch(/^Hello \S+,/);
    expect(toDora!.subject).toBe("Maya's Endometriosis Surgery Fund: Date set");
    expect(toDora!.text).toContain('Surgery is booked.');
    expect(toDora!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = new URL(toDora!.headers!['List-Unsubscribe']!.replace(/^<|>$/g, ''));
    expect(oneClick.pathname).toBe('/api/campaign/updates/unsubscribe');
    const page = linkIn(toDora!, '/unsubscribe');
    expect(page.searchParams.get('token')).toBe(oneClick.searchParams.get('token'));

    // A mail provider's one-click POST: a form body, no cookie, no origin.
    const stopped = await t.app.inject({
      method: 'POST',
      url: `${oneClick.pathname}${oneClick.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(stopped.statusCode).toBe(200);
    // Twice is fine.
    const again = await postJson(t.app, `${oneClick.pathname}${oneClick.search}`, {});
    expect(again.statusCode).toBe(200);

    // The member stops from the link in her mail, signed out: her account no longer follows.
    const memberLink = linkIn(toMember[0]!, '/unsubscribe');
    const memberStop = await postJson(t.app, `/api/campaign/updates/unsubscribe${memberLink.search}`, {});
    expect(memberStop.statusCode).toBe(200);
    expect((await getWith(t.app, `${MAIN_APPEAL_API}/follow`, member.cookie)).json()).toEqual({ following: false });

    await postUpdate('Recovery');
    expect(updateMailsTo('dora@example.org', 'Recovery')).toHaveLength(0);
    expect(updateMailsTo(member.user.email, 'Recovery')).toHaveLength(0);
  });

  it('refuses an unsubscribe token it did not make, and keeps the follower', async () => {
    await confirmedFollower('edie@example.org');
    await postUpdate('Tampering');
    const token = linkIn(updateMailsTo('edie@example.org', 'Tampering')[0]!, '/unsubscribe').searchParams.get('token')!;
    const [id] = token.split('.');
    for (const forged of [`${id}.AAAA`, id!, '', 'x'.repeat(201)]) {
      const res = await postJson(t.app, `/api/campaign/updates/unsubscribe?token=${encodeURIComponent(forged)}`, {});
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(INVALID_UPDATES_LINK);
    }
    expect(await t.database.db.$count(campaignFollowers, eq(campaignFollowers.email, 'edie@example.org'))).toBe(1);
  });
});
