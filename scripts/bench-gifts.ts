/**
 * `npm run bench`'s gifts pair (issue 35): a manager recording a gift (`POST /api/admin/add-donation`), against
 * one INSERT of a gift's row. The app's request writes the gift, its audit entry and its receipt's job in one
 * transaction, and after the commit sends the receipt at once (scripts/bench.ts runs the app without SMTP_URL, so
 * the mailer is the outbox: the receipt is built from the records and inserted there, through the same claim and
 * delivery record a mail server's send goes through).
 *
 * The manager is inserted into the app's database before the app starts (PGlite allows one process per data
 * directory), as a super admin's invite would make her: two-step sign-in on, its secret sealed with the app's
 * SESSION_SECRET. The bench then signs her in with a code and re-enters her password (the step-up the route asks
 * for), as the admin panel does, and sends every gift with her session cookie and the site's Origin.
 */
import { randomBytes } from 'node:crypto';
import { generateSecret, generateSync } from 'otplib';
import { openDatabase } from '../src/server/db/client.ts';
import { users } from '../src/server/db/schema/index.ts';
import { hashPassword } from '../src/server/services/passwords.ts';
import { sealTotpSecret } from '../src/server/services/two-factor.ts';

/** The app's database as the bench reaches it while the app is stopped: a scratch PostgreSQL database or a data directory. */
export type DatabaseTarget = { url: string } | { dataDir: string };

export interface BenchManager {
  email: string;
  password: string;
  totpSecret: string;
}

/** Migrates the app's database (a new data directory is made as the server makes it) and adds a manager to it. */
export async function createBenchManager(
  target: DatabaseTarget,
  sessionSecret: string,
  password: string,
): Promise<BenchManager> {
  const database = await openDatabase({ ...target, createMigrated: true });
  try {
    await database.migrate();
    const totpSecret = generateSecret();
    const email = `bench.manager.${Date.now()}@example.org`;
    await database.db.insert(users).values({
      email,
      passwordHash: await hashPassword(password),
      firstName: 'Bench',
      lastName: 'Manager',
      role: 'admin',
      adminLevel: 'manager',
      emailVerifiedAt: new Date(),
      onboardingCompletedAt: new Date(),
      totpSecret: sealTotpSecret(totpSecret, sessionSecret),
      totpEnabledAt: new Date(),
    });
    return { email, password, totpSecret };
  } finally {
    await database.close();
  }
}

const run = randomBytes(4).toString('hex');
let gifts = 0;
/** A gift as the panel's form sends it, with its payment's own reference (unique: one payment is recorded once). */
export function giftBody(): string {
  const n = ++gifts;
  return JSON.stringify({
    amount: 25,
    paymentMethod: 'PayPal',
    externalReference: `bench-${run}-${n}`,
    donorName: 'Bench Donor',
    donorEmail: `donor.${n}@example.org`,
  });
}

/**
 * Signs the manager in (email, password and the authenticator's code), steps up, and records one gift; answers
 * the headers every gift then carries (her session cookie and the site's Origin, which the CSRF rule asks for).
 */
export async function signInManager(
  appUrl: string,
  manager: BenchManager,
  clientIp: () => string,
): Promise<Record<string, string>> {
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${appUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp(), ...headers },
      body,
    });
  const login = await post(
    '/api/auth/login',
    JSON.stringify({
      email: manager.email,
      password: manager.password,
      code: generateSync({ secret: manager.totpSecret }),
    }),
  );
  if (login.status !== 200) throw new Error(`the manager's sign-in answered ${login.status}: ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => /^(__Host-)?session=/.test(c));
  if (!cookie) throw new Error("the manager's sign-in set no session cookie");
  const headers = { cookie, origin: appUrl };
  const elevate = await post('/api/admin/elevate', JSON.stringify({ password: manager.password }), headers);
  if (elevate.status !== 200)
    throw new Error(`POST /api/admin/elevate answered ${elevate.status}: ${await elevate.text()}`);
  const gift = await post('/api/admin/add-donation', giftBody(), headers);
  if (gift.status !== 201)
    throw new Error(`POST /api/admin/add-donation answered ${gift.status}: ${await gift.text()}`);
  return headers;
}

/**
 * What the recorded gifts left behind, read once the app has stopped: the gifts, their receipts marked sent,
 * the outbox's messages, the receipts' delivery records, and the mail queue's jobs by state.
 */
export async function giftsOutcome(target: DatabaseTarget): Promise<string> {
  const database = await openDatabase(target);
  try {
    const count = async (text: string) => {
      const { rows } = await database.sql.executeSql(text);
      return Number((rows[0] as { n: number | string }).n);
    };
    const recorded = await count(`select count(*) as n from donations where external_reference like 'bench-%'`);
    const receipted = await count(
      `select count(*) as n from donations where external_reference like 'bench-%' and receipt_sent_at is not null`,
    );
    const outbox = await count(`select count(*) as n from outbox`);
    const delivered = await count(
      `select count(*) as n from mail_deliveries where kind = 'receipt' and sent_at is not null`,
    );
    const { rows } = await database.sql.executeSql(
      `select state, count(*) as n from pgboss.job where name = 'mail' group by state order by state`,
    );
    const jobs = (rows as { state: string; n: number | string }[]).map((r) => `${r.state} ${Number(r.n)}`).join(', ');
    return (
      `gifts recorded ${recorded}, their receipts marked sent ${receipted}; ` +
      `outbox ${outbox} messages; receipt deliveries sent ${delivered}; mail jobs: ${jobs || 'none'}`
    );
  } finally {
    await database.close();
  }
}
