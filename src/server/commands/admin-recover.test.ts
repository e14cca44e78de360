/** `npm run admin:recover` (issue 15): a super admin who lost her authenticator and recovery codes gets back in. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TWO_FACTOR_SETUP_NEEDED } from '../plugins/auth.ts';
import { ROOT_DIR } from '../paths.ts';
import { openDatabase } from '../db/client.ts';
import { auditLog, outbox, passkeys, recoveryCodes, sessions, users } from '../db/schema/index.ts';
import { recoverAdminSignIn } from './two-factor.ts';
import { run, SYSTEM_ACTOR } from './run.ts';
import { buildAdmin, buildUser, signInAdmin } from '../../../tests/factories/users.ts';
import { getWith, sessionCookie } from '../../../tests/setup/accounts.ts';
import { postJson, setupTestApp } from '../../../tests/setup/test-app.ts';

const t = setupTestApp();
const recover = (email: string) => run(t.app.commandEnv(), SYSTEM_ACTOR, recoverAdminSignIn, email);

describe('recovering an admin who lost her second factor', () => {
  it('turns two-step sign-in off, removes her passkeys, ends her sessions, mails and audits it, and the admin pages ask her to enrol again', async () => {
    const { admin, cookie } = await signInAdmin(t.app, t.database.db, 'super_admin');
    await t.database.db.insert(recoveryCodes).values({ userId: admin.id, codeHash: 'a-lost-code' });
    await t.database.db
      .insert(passkeys)
      .values({ userId: admin.id, credentialId: 'on-the-lost-phone', publicKey: 'AQID', name: 'Phone' });
    expect((await getWith(t.app, '/api/admin/expenses', cookie)).statusCode).toBe(200);

    const outcome = await recover(admin.email.toUpperCase());
    expect(outcome).toMatchObject({ sessionsEnded: 1, passkeysRemoved: 1, passwordless: false });

    expect((await getWith(t.app, '/api/admin/expenses', cookie)).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, admin.id));
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null });
    const left = async (table: typeof sessions | typeof recoveryCodes | typeof passkeys) =>
      (await t.database.db.select({ n: count() }).from(table).where(eq(table.userId, admin.id)))[0]!.n;
    expect(await left(sessions)).toBe(0);
    expect(await left(recoveryCodes)).toBe(0);
    expect(await left(passkeys)).toBe(0);
    const mail = await t.database.db.select().from(outbox).where(eq(outbox.to, admin.email));
    expect(mail.map((m) => m.subject)).toEqual(['Your Healing Circle two-step sign-in was reset']);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.two_factor_recovered'), eq(auditLog.targetId, admin.id)));
    expect(audited).toHaveLength(1);

    // The password alone signs her in again, and the admin pages first ask for two-step sign-in.
    const login = await postJson(t.app, '/api/auth/login', { email: admin.email, password: admin.password });
    expect(login.statusCode).toBe(200);
    const again = await getWith(t.app, '/api/admin/expenses', sessionCookie(login));
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(TWO_FACTOR_SETUP_NEEDED);
  });

  it('refuses an email with no account, and a member who is not an admin, changing nothing', async () => {
    await expect(recover('nobody@example.org')).rejects.toThrow('No account with the email nobody@example.org');
    const member = await buildUser(t.database.db);
    await expect(recover(member.email)).rejects.toThrow(`${member.email} is not an admin`);
  });
});

describe('npm run admin:recover', () => {
  it('resets her from the command line and says so, and answers a wrong email with status 1 and one line', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hc-recover-'));
    try {
      const database = await openDatabase({ dataDir });
      await database.migrate();
      const admin = await buildAdmin(database.db, 'super_admin');
      // A passwordless admin (decision 016): without her passkeys she needs a reset link to get back in.
      const passwordless = await buildAdmin(database.db, 'manager');
      await database.db.update(users).set({ passwordHash: null }).where(eq(users.id, passwordless.id));
      await database.db
        .insert(passkeys)
        .values({ userId: passwordless.id, credentialId: 'on-the-lost-phone', publicKey: 'AQID', name: 'Phone' });
      await database.close();

      const script = (email: string) =>
        spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin-recover.ts', '--email', email], {
          cwd: ROOT_DIR,
          env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'silent' },
          encoding: 'utf8',
        });
      const done = script(admin.email);
      expect(done.status, done.stderr).toBe(0);
      expect(done.stdout).toContain(
        `Two-step sign-in is off for ${admin.email}; 0 passkey(s) removed; 0 session(s) ended; she was mailed.`,
      );
      expect(done.stdout).not.toContain('She had no password');
      const back = script(passwordless.email);
      expect(back.status, back.stderr).toBe(0);
      expect(back.stdout).toContain(`Two-step sign-in is off for ${passwordless.email}; 1 passkey(s) removed;`);
      expect(back.stdout).toContain('She had no password: she was also mailed a link to choose one');
      const unknown = script('nobody@example.org');
      expect(unknown.status).toBe(1);
      expect(unknown.stderr.trim()).toBe('No account with the email nobody@example.org');

      const reopened = await openDatabase({ dataDir });
      const [row] = await reopened.db.select().from(users).where(eq(users.id, admin.id));
      const mailed = await reopened.db.select().from(outbox).where(eq(outbox.to, passwordless.email));
      await reopened.close();
      expect(row!.totpEnabledAt).toBeNull();
      expect(mailed.map((m) => m.subject).sort()).toEqual([
        'Reset your Healing Circle password',
        'Your Healing Circle two-step sign-in was reset',
      ]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
