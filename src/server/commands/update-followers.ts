/**
 * Following the campaign's updates by email, without an account: a donor asks on the donate form, gets one
 * confirmation mail, and is mailed updates only once she confirms. Every update mail (to her or to an account
 * that follows) carries an unsubscribe link and List-Unsubscribe header; their token is derived from the
 * follower row's id under the server's secret, so it works without signing in and nothing secret is stored.
 */
import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors.ts';
import type { CampaignUpdate } from '#shared/schemas/campaign.ts';
import { INVALID_UPDATES_LINK } from '#shared/update-messages.ts';
import type { Tx } from '../db/client.ts';
import { campaignFollowers, users } from '../db/schema/index.ts';
import type { MailMessage } from '../services/mail.ts';
import { notify } from '../services/notifications.ts';
import { campaignUpdateMail, confirmUpdatesMail } from '../services/mail-templates.ts';
import { derivedToken, hashToken, randomToken, safeEqual } from '../services/tokens.ts';
import type { LinkSettings } from './accounts.ts';
import type { CommandContext, MailPromise } from './run.ts';

/** How long a confirmation link works. */
export const CONFIRM_UPDATES_MS = 7 * 24 * 60 * 60 * 1000;
/** At most one confirmation mail a day to one address: the form cannot be used to flood someone's inbox. */
export const CONFIRM_UPDATES_RESEND_MS = 24 * 60 * 60 * 1000;

/** The token of a follower row's unsubscribe links: its id and a MAC of it. */
export function unsubscribeToken(followerId: string, secret: string): string {
  return `${followerId}.${derivedToken(`unsubscribe:${followerId}`, secret)}`;
}

/** The follower row an unsubscribe token names, or null when it was not made by this server. */
function followerOfToken(token: string, secret: string): string | null {
  const [id, mac, ...rest] = token.split('.');
  if (!id || !mac || rest.length > 0) return null;
  return safeEqual(token, unsubscribeToken(id, secret)) ? id : null;
}

/**
 * Asks for the campaign's updates at `email`: stores an unconfirmed follower and mails the confirmation link,
 * unless the address already follows or was sent a link within the last day. Says nothing either way, so the
 * form does not tell who follows.
 */
export async function askForUpdates(
  { tx, now, afterCommit }: CommandContext,
  links: LinkSettings,
  campaignId: string,
  campaignName: string,
  email: string,
): Promise<void> {
  const token = randomToken();
  const confirmTokenHash = hashToken(token, links.secret);
  const resendBefore = new Date(now.getTime() - CONFIRM_UPDATES_RESEND_MS);
  const [sent] = await tx
    .insert(campaignFollowers)
    .values({ campaignId, email, confirmTokenHash, confirmSentAt: now })
    .onConflictDoUpdate({
      target: [campaignFollowers.campaignId, campaignFollowers.email],
      set: { confirmTokenHash, confirmSentAt: now },
      setWhere: and(
        isNull(campaignFollowers.confirmedAt),
        or(isNull(campaignFollowers.confirmSentAt), lt(campaignFollowers.confirmSentAt, resendBefore)),
      ),
    })
    .returning({ id: campaignFollowers.id });
  if (!sent) return;
  const link = `${links.publicUrl}/confirm-updates?token=${token}`;
  afterCommit.mailInBackground([
    {
      key: `follow-confirmation:${sent.id}:${now.toISOString()}`,
      kind: 'follow-confirmation',
      message: (product) => confirmUpdatesMail(product, email, campaignName, link),
    },
  ]);
}

/** Confirms the address a confirmation token was mailed to; a used, unknown or expired token is refused. */
export async function confirmUpdates({ tx, now }: CommandContext, secret: string, token: string): Promise<void> {
  const [confirmed] = await tx
    .update(campaignFollowers)
    .set({ confirmedAt: now, confirmTokenHash: null })
    .where(
      and(
        eq(campaignFollowers.confirmTokenHash, hashToken(token, secret)),
        gt(campaignFollowers.confirmSentAt, new Date(now.getTime() - CONFIRM_UPDATES_MS)),
      ),
    )
    .returning({ id: campaignFollowers.id });
  if (!confirmed) throw new AppError('VALIDATION', INVALID_UPDATES_LINK, 'token');
}

/**
 * Stops the campaign's update mail to the address an unsubscribe token was mailed to: the row it names and any
 * other way that address follows (its account, or the address asked on the donate form). Stopping twice changes
 * nothing; a token this server did not make is refused.
 */
export async function stopUpdates({ tx }: CommandContext, secret: string, token: string): Promise<void> {
  const id = followerOfToken(token, secret);
  if (!id) throw new AppError('VALIDATION', INVALID_UPDATES_LINK, 'token');
  const [row] = await tx
    .select({
      campaignId: campaignFollowers.campaignId,
      address: sql<string>`lower(coalesce(${campaignFollowers.email}, ${users.email}))`,
    })
    .from(campaignFollowers)
    .leftJoin(users, eq(users.id, campaignFollowers.userId))
    .where(eq(campaignFollowers.id, id));
  if (!row) return;
  await tx.delete(campaignFollowers).where(
    and(
      eq(campaignFollowers.campaignId, row.campaignId),
      or(
        eq(campaignFollowers.id, id),
        eq(campaignFollowers.email, row.address),
        inArray(
          campaignFollowers.userId,
          tx
            .select({ id: users.id })
            .from(users)
            .where(sql`lower(${users.email}) = ${row.address}`),
        ),
      ),
    ),
  );
}

/**
 * The update's mail to every follower who takes it: active accounts that allow notification email, and
 * confirmed addresses (once each: an address that also follows through its account gets the account's mail).
 * `addressesOnly` counts the followers without an account among them.
 */
async function updateMails(
  tx: Tx,
  links: LinkSettings,
  campaign: { id: string; name: string; page: string },
  update: CampaignUpdate,
  eventKey: string,
): Promise<{ mails: (MailPromise & { message: (product: string) => MailMessage })[]; addressesOnly: number }> {
  const rows = await tx
    .select({
      id: campaignFollowers.id,
      email: campaignFollowers.email,
      accountEmail: users.email,
      firstName: users.firstName,
      notifyByEmail: users.notifyByEmail,
      status: users.status,
    })
    .from(campaignFollowers)
    .leftJoin(users, eq(users.id, campaignFollowers.userId))
    .where(
      and(
        eq(campaignFollowers.campaignId, campaign.id),
        or(isNotNull(campaignFollowers.userId), isNotNull(campaignFollowers.confirmedAt)),
      ),
    );
  const accounts = rows.filter((r) => r.accountEmail && r.status === 'active' && r.notifyByEmail);
  const accountAddresses = new Set(accounts.map((r) => r.accountEmail!.toLowerCase()));
  const addresses = rows.filter((r) => r.email && !accountAddresses.has(r.email));
  const mails = [...accounts, ...addresses].map((r) => {
    const token = unsubscribeToken(r.id, links.secret);
    const kind = 'fundraiser-update' as const;
    return {
      key: `${kind}:${eventKey}:${r.id}`,
      kind,
      message: (product: string) =>
        campaignUpdateMail(product, {
          to: r.accountEmail ?? r.email!,
          firstName: r.firstName,
          campaign: campaign.name,
          title: update.title,
          paragraphs: update.paragraphs,
          pageUrl: `${links.publicUrl}${campaign.page}`,
          unsubscribePage: `${links.publicUrl}/unsubscribe?token=${token}`,
          oneClickUrl: `${links.publicUrl}/api/campaign/updates/unsubscribe?token=${token}`,
        }),
    };
  });
  return { mails, addressesOnly: addresses.length };
}

/**
 * Tells a campaign's followers of its new dated update (the main appeal's or a patient's fundraiser): an in-app
 * notification for each active account that follows (`eventKey` names the update, so each is told once), and after
 * the answer the update by mail, with its unsubscribe link, to those who take it (`updateMails`). `campaign.page`
 * is the path its mail links to. Answers how many followers were told.
 */
export async function tellFollowers(
  { tx, afterCommit }: CommandContext,
  links: LinkSettings,
  campaign: { id: string; name: string; page: string },
  update: CampaignUpdate,
  eventKey: string,
): Promise<number> {
  const followers = await tx
    .select({ id: users.id })
    .from(campaignFollowers)
    .innerJoin(users, eq(users.id, campaignFollowers.userId))
    .where(and(eq(campaignFollowers.campaignId, campaign.id), eq(users.status, 'active')));
  const notified = await notify(
    tx,
    followers.map((f) => ({
      userId: f.id,
      type: 'campaign_update',
      title: `${campaign.name}: ${update.title}`,
      body: update.paragraphs[0]!.slice(0, 500),
      link: campaign.page,
      eventKey,
    })),
  );
  const { mails, addressesOnly } = await updateMails(tx, links, campaign, update, eventKey);
  afterCommit.mailInBackground(mails);
  return notified.length + addressesOnly;
}
