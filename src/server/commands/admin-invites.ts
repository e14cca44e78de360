/**
 * Admin invites: a one-time link to register as an admin of a level, and, while no super admin exists, the first
 * one's setup link (printed at start-up). Only the token's keyed hash is stored.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AdminLevel } from '#shared/auth/roles.ts';
import type { Tx } from '../db/client.ts';
import { adminInvites, users } from '../db/schema/index.ts';
import { adminInviteMail } from '../services/mail-templates.ts';
import { derivedToken, hashToken, randomToken } from '../services/tokens.ts';
import type { LinkSettings } from './accounts.ts';
import type { CommandContext } from './run.ts';

export const ADMIN_INVITE_TTL_MS = 24 * 60 * 60 * 1000;

/** How an invite's mail names each level. */
const LEVEL_NAMES: Record<AdminLevel, string> = {
  moderator: 'moderator',
  manager: 'manager',
  super_admin: 'super admin',
};

/**
 * A one-time link to register as an admin of the given level, made by the actor; one made for an address is
 * mailed to it once stored (the answer shows the link to the actor too).
 */
export async function createAdminInvite(
  { tx, actor, now, afterCommit }: CommandContext,
  links: LinkSettings,
  options: { adminLevel: AdminLevel; email?: string | null },
) {
  const invite = await insertInvite(tx, links, now, { ...options, createdBy: actor.id });
  const { email } = options;
  if (email) {
    const [inviter] = actor.id
      ? await tx.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, actor.id))
      : [];
    const from = inviter ? `${inviter.first} ${inviter.last}`.trim() : null;
    afterCommit.mail({ kind: 'admin-invite' }, (product) =>
      adminInviteMail(product, { to: email, from, level: LEVEL_NAMES[options.adminLevel], ...invite }),
    );
  }
  return invite;
}

/**
 * While no super_admin exists, the one-time setup link (24 h): the unused one again while it is valid, else a new
 * one. Returns null once a super_admin exists: there is never a default password.
 */
export async function ensureSetupLink({ tx, now }: CommandContext, links: LinkSettings, email?: string | null) {
  // Instances starting together on one database take turns here, and the second finds the first one's link.
  await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LINK_LOCK_ID})`);
  const [existing] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.adminLevel, 'super_admin')))
    .limit(1);
  if (existing) return null;
  const open = await tx
    .select()
    .from(adminInvites)
    .where(and(isNull(adminInvites.createdBy), isNull(adminInvites.usedAt), gt(adminInvites.expiresAt, now)));
  const reusable = open.find((invite) => invite.email === (email ?? null));
  // Its token derives from the shared secret and its id, so any instance (or a restart) prints the same link.
  if (reusable)
    return { link: inviteLink(links, setupToken(reusable.id, links.secret)), expiresAt: reusable.expiresAt };
  await tx.delete(adminInvites).where(and(isNull(adminInvites.createdBy), isNull(adminInvites.usedAt)));
  const id = randomUUID();
  return insertInvite(
    tx,
    links,
    now,
    { adminLevel: 'super_admin', email: email ?? null, createdBy: null },
    {
      id,
      token: setupToken(id, links.secret),
    },
  );
}

/** Any fixed number: the same on every instance. */
const SETUP_LINK_LOCK_ID = 7_312_026;

/** A setup link's token: keyed by the server's secret, so only instances holding it can write it out again. */
const setupToken = (inviteId: string, secret: string) => derivedToken(`setup-link:${inviteId}`, secret);

const inviteLink = (links: LinkSettings, token: string) => `${links.publicUrl}/register?invite=${token}`;

/** Stores an invite's hashed token; the link carries the token itself. Setup links are made by nobody. */
async function insertInvite(
  tx: Tx,
  links: LinkSettings,
  now: Date,
  options: { adminLevel: AdminLevel; email?: string | null; createdBy: string | null },
  fixed: { id: string; token: string } | null = null,
) {
  const token = fixed?.token ?? randomToken();
  const expiresAt = new Date(now.getTime() + ADMIN_INVITE_TTL_MS);
  await tx.insert(adminInvites).values({
    ...(fixed ? { id: fixed.id } : {}),
    tokenHash: hashToken(token, links.secret),
    adminLevel: options.adminLevel,
    email: options.email ?? null,
    createdBy: options.createdBy,
    expiresAt,
  });
  return { link: inviteLink(links, token), expiresAt };
}
